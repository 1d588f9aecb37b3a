/* A supervisor that switches to real-time mode (argv[1] = "real-time") or stays fast, then runs 16 steps
 * of 32 ms and prints the mode it reads and how long those steps took on the wall clock. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  wb_robot_init();
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  if (argc > 1 && strcmp(argv[1], "real-time") == 0)
    wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_REAL_TIME);
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int i = 0; i < 16; i++)
    wb_robot_step(32);
  clock_gettime(CLOCK_MONOTONIC, &end);
  const double wall = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  printf("mode %d at t=%.3f\n", wb_supervisor_simulation_get_mode(), wb_robot_get_time());
  printf("wall %.3f\n", wall);
  wb_robot_cleanup();
  return 0;
}
