/* A PROTO parameter changed by a supervisor reaches the devices at the next step: the PROTO's Box size
 * (a DEF whose USE is the bounding object) grows from 0.1 to 0.3 m, and the generic distance sensor
 * 0.075 m beside its centre, 0.1 m away, now meets it 5 cm away: half the lookup table's 1000. */
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag ds = wb_robot_get_device("ds");
  wb_distance_sensor_enable(ds, 16);
  wb_robot_step(16);
  CHECK(fabs(wb_distance_sensor_get_value(ds) - 1000.0) < 1.0, "ds reads %g before", wb_distance_sensor_get_value(ds));
  const double size[3] = {0.3, 0.1, 0.1};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("BLOCK"), "size"), size);
  wb_robot_step(16);
  CHECK(fabs(wb_distance_sensor_get_value(ds) - 500.0) < 1.0, "ds reads %g after", wb_distance_sensor_get_value(ds));
  printf("proto parameter test passed\n");
  wb_robot_cleanup();
  return 0;
}
