/* A supervisor imports a Camera into its own children and uses it (Webots' supervisor_import_robot_node
 * scenario, its camera part): prints whether the device is found, its size and whether it gives an
 * image (tests/supervisor_scene.rs). */
#include <stdio.h>
#include <webots/camera.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  printf("before the import: %d devices, cam %s\n", wb_robot_get_number_of_devices(),
         wb_robot_get_device("cam") ? "found" : "not found");
  WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "children");
  wb_supervisor_field_import_mf_node_from_string(children, -1, "Camera { name \"cam\" width 4 height 3 }");
  wb_robot_step(32);
  const WbDeviceTag cam = wb_robot_get_device("cam");
  printf("after the import: %d devices, cam %s, %dx%d\n", wb_robot_get_number_of_devices(), cam ? "found" : "not found",
         wb_camera_get_width(cam), wb_camera_get_height(cam));
  wb_camera_enable(cam, 32);
  wb_robot_step(32);
  printf("image %s\n", wb_camera_get_image(cam) ? "taken" : "NULL");
  wb_robot_cleanup();
  return 0;
}
