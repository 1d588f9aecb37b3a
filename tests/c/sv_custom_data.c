/* Reads a robot's customData (a PROTO parameter) while its controller and this supervisor both write it:
 * the last write wins, whoever made it (tests/supervisor_scene.rs). */
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  WbFieldRef data = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("BOT"), "customData");
  CHECK(data != NULL, "no customData field");
  wb_robot_step(5 * 32);
  CHECK_STR(wb_supervisor_field_get_sf_string(data), "first");
  wb_supervisor_field_set_sf_string(data, "");
  wb_robot_step(32);
  CHECK_STR(wb_supervisor_field_get_sf_string(data), "");
  wb_robot_step(10 * 32);
  CHECK_STR(wb_supervisor_field_get_sf_string(data), "second");
  printf("sv_custom_data: all checks passed\n");
  wb_supervisor_simulation_quit(0);
  wb_robot_step(32);
  return 0;
}
