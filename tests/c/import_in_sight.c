/* A supervisor imports a sphere in front of its own distance sensor, then removes it (Webots'
 * supervisor_import_remove scenario, its sensor part): prints the sensor's value before, with the
 * sphere and after its removal (tests/supervisor_scene.rs). */
#include <stdio.h>
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag ds = wb_robot_get_device("ds");
  wb_distance_sensor_enable(ds, 32);
  wb_robot_step(32);
  printf("nothing in sight: %.3f\n", wb_distance_sensor_get_value(ds));
  WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  wb_supervisor_field_import_mf_node_from_string(
    children, -1, "DEF BALL Solid { translation 0.35 0 0.1 boundingObject Sphere { radius 0.05 } }");
  wb_robot_step(32);
  printf("a sphere imported: %.3f\n", wb_distance_sensor_get_value(ds));
  wb_supervisor_node_remove(wb_supervisor_node_get_from_def("BALL"));
  wb_robot_step(32);
  printf("the sphere removed: %.3f\n", wb_distance_sensor_get_value(ds));
  wb_robot_cleanup();
  return 0;
}
