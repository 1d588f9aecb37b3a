/* Simulation modes: FAST at start, REAL_TIME when set, and PAUSE, which ends a headless run once every
 * controller waits for time (tests/supervisor.rs). */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

int main(void) {
  wb_robot_init();
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  /* after one step every controller is connected: the change reaches them through their steps */
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  EXPECT_STDERR("", wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_REAL_TIME));
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_REAL_TIME);
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_REAL_TIME);
  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  CHECK_INT(wb_robot_step(32), -1);
  printf("sv_mode: paused; step returned -1 at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
