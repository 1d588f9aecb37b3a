/* An unknown simulation mode: Webots' error, and the call changes nothing. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

int main(void) {
  wb_robot_init();
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  EXPECT_STDERR("Error: wb_supervisor_simulation_set_mode() cannot set mode to 99.\n",
                wb_supervisor_simulation_set_mode(99));
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  int steps = 0;
  while (wb_robot_step(32) != -1)
    steps++;
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  printf("sv_bad_mode: still fast, %d more steps, ended at t=%.3f\n", steps, wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
