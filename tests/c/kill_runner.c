/* Writes its pid to argv[1], then kills its runner (its parent) with SIGKILL and steps until the
 * closed connection makes wb_robot_step return -1; with argv[2] "stay", it then stays for ever (an
 * orphan only its runner's watchdog can stop); with "suite", it first kills the suite too (the
 * runner's parent) and stays. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  wb_robot_step(32);
  FILE *f = fopen(argc > 1 ? argv[1] : "kill_runner.pid", "w");
  if (!f)
    return 4;
  fprintf(f, "%d\n", (int)getpid());
  fclose(f);
  int stay = argc > 2 && (strcmp(argv[2], "stay") == 0 || strcmp(argv[2], "suite") == 0);
  if (argc > 2 && strcmp(argv[2], "suite") == 0) {
    /* the suite first: the runner would stop us once told of its death */
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)getppid());
    FILE *proc = fopen(path, "r");
    int suite = 0;
    if (!proc || fscanf(proc, "%*d %*s %*c %d", &suite) != 1 || suite <= 1)
      return 5;
    fclose(proc);
    kill(suite, SIGKILL);
  }
  kill(getppid(), SIGKILL);
  while (wb_robot_step(32) != -1) {
  }
  if (stay)
    for (;;)
      pause();
  return 0;
}
