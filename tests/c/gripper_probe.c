/* A vacuum gripper facing down with a box hanging from it (see tests/world_sensors.rs): turns the pump
 * on and prints, every 64 ms, the presence and the box's height as a supervisor reads it. */
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/vacuum_gripper.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag gripper = wb_robot_get_device("gripper");
  WbNodeRef box = wb_supervisor_node_get_from_def("BOX");
  CHECK(gripper && box, "gripper or box missing");
  wb_vacuum_gripper_enable_presence(gripper, 32);
  wb_vacuum_gripper_turn_on(gripper);
  for (int i = 1; i <= 10; i++) {
    wb_robot_step(32);
    if (i % 2 == 0)
      printf("t=%d presence %d z %.3f\n", 32 * i, wb_vacuum_gripper_get_presence(gripper),
             wb_supervisor_node_get_position(box)[2]);
  }
  wb_robot_cleanup();
  return 0;
}
