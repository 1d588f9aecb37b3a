/* Writes its pid to argv[1], then kills its runner (its parent) with SIGKILL and steps until the
 * closed connection makes wb_robot_step return -1; with argv[2] "stay", it then stays for ever (an
 * orphan only its runner's watchdog can stop). */
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
  kill(getppid(), SIGKILL);
  while (wb_robot_step(32) != -1) {
  }
  if (argc > 2 && strcmp(argv[2], "stay") == 0)
    for (;;)
      pause();
  return 0;
}
