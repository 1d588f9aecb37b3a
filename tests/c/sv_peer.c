/* A plain robot that steps until the run ends, printing the time and the simulation mode it sees
 * (tests/supervisor.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  while (wb_robot_step(32) != -1)
    printf("peer t=%.3f mode=%d\n", wb_robot_get_time(), (int)wb_supervisor_simulation_get_mode());
  printf("peer: step returned -1 at t=%.3f mode=%d\n", wb_robot_get_time(), (int)wb_supervisor_simulation_get_mode());
  wb_robot_cleanup();
  return 0;
}
