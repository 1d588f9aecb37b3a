/* Pause and resume by the pausing supervisor, as Webots' supervisor_simulation_mode scenario does: a
 * pause held over a wall-clock wait and across a step of no duration keeps simulated time where it
 * was; a mode change resumes it; a pause with every controller waiting for time ends a headless run
 * (tests/supervisor.rs). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  double before = wb_robot_get_time();
  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  const struct timespec wait = {0, 200 * 1000 * 1000};
  nanosleep(&wait, NULL);
  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_FAST);
  printf("sv_pause_resume: paused over a wait: %.3f -> %.3f\n", before, wb_robot_get_time());

  before = wb_robot_get_time();
  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  CHECK_INT(wb_robot_step(0), 0);
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_FAST);
  printf("sv_pause_resume: paused across step(0): %.3f -> %.3f\n", before, wb_robot_get_time());

  CHECK(wb_robot_step(32) != -1, "the run ended after the resume");
  CHECK(wb_robot_step(32) != -1, "the run ended after the resume");
  printf("sv_pause_resume: resumed to t=%.3f\n", wb_robot_get_time());

  wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_PAUSE);
  CHECK_INT(wb_robot_step(32), -1);
  printf("sv_pause_resume: paused with everyone waiting; step returned -1 at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
