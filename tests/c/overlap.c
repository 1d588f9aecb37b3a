/* Measures how many worlds run at once: creates <argv[1]>/<pid>, waits (up to argv[3] ms) until
 * argv[2] such files exist, appends the largest count it saw to <argv[1]>/max.txt, removes its file
 * and exits 0. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <webots/robot.h>

static int count_pids(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return 0;
  for (struct dirent *e; (e = readdir(d));)
    if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
      n++;
  closedir(d);
  return n;
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 4;
  wb_robot_init();
  char mine[4096];
  snprintf(mine, sizeof mine, "%s/%d", argv[1], (int)getpid());
  FILE *f = fopen(mine, "w");
  if (!f)
    return 4;
  fclose(f);
  const int want = atoi(argv[2]);
  const long limit_ms = atol(argv[3]);
  int max = 0;
  for (long waited = 0; waited <= limit_ms; waited += 10) {
    int n = count_pids(argv[1]);
    if (n > max)
      max = n;
    if (n >= want)
      break;
    struct timespec ts = {0, 10 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  /* stay a little, so a late sibling still sees us */
  struct timespec ts = {0, 100 * 1000 * 1000};
  nanosleep(&ts, NULL);
  char out[4096];
  snprintf(out, sizeof out, "%s/max.txt", argv[1]);
  f = fopen(out, "a");
  if (!f)
    return 4;
  fprintf(f, "%d\n", max);
  fclose(f);
  unlink(mine);
  wb_robot_step(32);
  wb_robot_cleanup();
  return 0;
}
