/* Forks a child that sleeps forever and writes its pid to argv[1], then steps twice and exits 0:
 * the child must not outlive the run. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  pid_t child = fork();
  if (child == 0) {
    for (;;)
      sleep(1000);
  }
  FILE *f = fopen(argc > 1 ? argv[1] : "child.pid", "w");
  if (!f)
    return 4;
  fprintf(f, "%d\n", (int)child);
  fclose(f);
  wb_robot_step(32);
  wb_robot_step(32);
  printf("parent leaving, child %d still sleeping\n", (int)child);
  wb_robot_cleanup();
  return 0;
}
