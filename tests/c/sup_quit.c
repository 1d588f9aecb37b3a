/* A supervisor that steps argv[2] times, then calls wb_supervisor_simulation_quit(argv[1]) and
 * steps until the run is over. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int status = argc > 1 ? atoi(argv[1]) : 0;
  const int steps = argc > 2 ? atoi(argv[2]) : 5;
  for (int i = 0; i < steps; i++)
    wb_robot_step(32);
  printf("quitting with status %d at t=%.3f\n", status, wb_robot_get_time());
  fflush(stdout);
  wb_supervisor_simulation_quit(status);
  while (wb_robot_step(32) != -1) {
  }
  return 0;
}
