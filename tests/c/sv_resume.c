/* Started paused (webots --mode=pause): finds the mode PAUSE, sets FAST, steps three times and quits
 * with status 0. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  printf("paused at %.3f\n", wb_robot_get_time());
  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_FAST);
  for (int i = 0; i < 3; i++)
    CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  printf("running at %.3f\n", wb_robot_get_time());
  wb_supervisor_simulation_quit(0);
  wb_robot_step(32);
  return 0;
}
