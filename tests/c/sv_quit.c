/* Quits the simulation with the status given as its first argument after two steps
 * (tests/supervisor.rs). */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: sv_quit STATUS");
  int status = atoi(argv[1]);
  wb_robot_init();
  CHECK(wb_robot_step(32) != -1 && wb_robot_step(32) != -1, "the run ended early");
  wb_supervisor_simulation_quit(status);
  printf("sv_quit: quit(%d) returned at t=%.3f\n", status, wb_robot_get_time());
  CHECK_INT(wb_robot_step(32), -1);
  printf("sv_quit: step returned -1 at t=%.3f\n", wb_robot_get_time());
  /* the run is ending: invalid-node messages are no longer printed */
  EXPECT_STDERR("", CHECK_INT(wb_supervisor_node_get_type(NULL), 0));
  wb_robot_cleanup();
  return 0;
}
