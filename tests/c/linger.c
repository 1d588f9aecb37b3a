/* Writes its pid (and with argv[2] = "fork", a forked child's pid) to the file argv[1], one per line,
 * then steps until the run ends (argv[3] = "step", the default) or stops stepping for good
 * (argv[3] = "hang"). After a -1 it appends "left after -1" to the file. Used to check that nothing
 * outlives a killed runner. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int forks = argc > 2 && strcmp(argv[2], "fork") == 0;
  const int hang = argc > 3 && strcmp(argv[3], "hang") == 0;
  pid_t child = -1;
  if (forks) {
    child = fork();
    if (child == 0) {
      for (;;)
        sleep(1000);
    }
  }
  wb_robot_step(32);
  FILE *f = fopen(argc > 1 ? argv[1] : "linger.pid", "w");
  if (!f)
    return 4;
  fprintf(f, "%d\n", (int)getpid());
  if (forks)
    fprintf(f, "%d\n", (int)child);
  fclose(f);
  if (hang) {
    for (;;)
      sleep(1000);
  }
  while (wb_robot_step(32) != -1) {
  }
  /* the run is over (or its runner is gone): say so where the test can see it */
  f = fopen(argc > 1 ? argv[1] : "linger.pid", "a");
  if (f) {
    fprintf(f, "left after -1\n");
    fclose(f);
  }
  return 0;
}
