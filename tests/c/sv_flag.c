/* Writes the `supervisor` fields: its own to FALSE, HELPER's to TRUE; both take effect with the next
 * step (tests/supervisor.rs, sv_promoted runs HELPER). */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

int main(void) {
  wb_robot_init();
  WbNodeRef self = wb_supervisor_node_get_self();
  int id = wb_supervisor_node_get_id(self);
  WbFieldRef mine = wb_supervisor_node_get_field(self, "supervisor");
  WbFieldRef theirs = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("HELPER"), "supervisor");
  CHECK(wb_robot_get_supervisor() && wb_supervisor_field_get_sf_bool(mine), "not a supervisor at start");
  CHECK(!wb_supervisor_field_get_sf_bool(theirs), "HELPER is a supervisor at start");
  /* its own first: the rest of the step's writes still go through */
  wb_supervisor_field_set_sf_bool(mine, false);
  wb_supervisor_field_set_sf_bool(theirs, true);
  CHECK(!wb_supervisor_field_get_sf_bool(mine), "pending value not read back");
  CHECK(wb_robot_get_supervisor(), "no longer a supervisor before the step");
  CHECK_INT(wb_supervisor_node_get_id(self), id);
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  CHECK(!wb_robot_get_supervisor(), "still a supervisor after the step");
  EXPECT_STDERR(ILLEGAL("wb_supervisor_node_get_id"), CHECK_INT(wb_supervisor_node_get_id(self), -1));
  printf("sv_flag: a plain robot from t=%.3f\n", wb_robot_get_time());
  CHECK(wb_robot_step(32) != -1, "the run ended early");
  wb_robot_cleanup();
  return 0;
}
