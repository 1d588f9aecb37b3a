/* The supervisor of Webots' robot_data scenario (tests/supervisor_scene.rs): after one step it writes
 * "37 + 45" into robot DATA's customData, waits ten steps and reads the robot's answer there. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  WbFieldRef data = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("DATA"), "customData");
  CHECK(data != NULL, "no customData field");
  wb_supervisor_field_set_sf_string(data, "37 + 45");
  for (int i = 0; i < 10; ++i)
    wb_robot_step(32);
  CHECK_STR(wb_supervisor_field_get_sf_string(data), "82");
  printf("robot_data_formula: all checks passed\n");
  wb_robot_cleanup();
  return 0;
}
