/* A plain robot that becomes a supervisor when sv_flag sets its `supervisor` field (tests/supervisor.rs). */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

int main(void) {
  wb_robot_init();
  CHECK(!wb_robot_get_supervisor(), "a supervisor at start");
  EXPECT_STDERR(ILLEGAL("wb_supervisor_node_get_root"), CHECK(wb_supervisor_node_get_root() == NULL, "root"));
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  CHECK(wb_robot_get_supervisor(), "not a supervisor after the step");
  WbNodeRef boss = wb_supervisor_node_get_from_def("BOSS");
  CHECK(boss != NULL, "BOSS not found");
  CHECK(!wb_supervisor_field_get_sf_bool(wb_supervisor_node_get_field(boss, "supervisor")), "BOSS is a supervisor");
  printf("sv_promoted: a supervisor from t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
