/* Prints what the robot API tells about this robot and its devices. */
#include <stdio.h>
#include <webots/device.h>
#include <webots/nodes.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  printf("robot '%s' (model '%s'), custom data: '%s'\n", wb_robot_get_name(), wb_robot_get_model(),
         wb_robot_get_custom_data());
  printf("world %s, basic time step %g ms, supervisor %s\n", wb_robot_get_world_path(), wb_robot_get_basic_time_step(),
         wb_robot_get_supervisor() ? "yes" : "no");
  const int n = wb_robot_get_number_of_devices();
  printf("%d devices:\n", n);
  for (int i = 0; i < n; i++) {
    const WbDeviceTag tag = wb_robot_get_device_by_index(i);
    printf("  tag %d: %-10s %s\n", tag, wb_node_get_name(wb_device_get_node_type(tag)), wb_device_get_name(tag));
  }
  const int step = (int)wb_robot_get_basic_time_step();
  wb_robot_set_custom_data("inspected");
  while (wb_robot_step(step * 25) != -1)
    printf("still here at t = %.2f s, custom data now '%s'\n", wb_robot_get_time(), wb_robot_get_custom_data());
  wb_robot_cleanup();
  return 0;
}
