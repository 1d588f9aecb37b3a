/* A supervisor turns the world's coordinateSystem from NUE to ENU between two GPS samples (Webots'
 * gps_coordinates_north_direction scenario): prints latitude, longitude and altitude before and after
 * (tests/world_sensors.rs). */
#include <stdio.h>
#include <webots/gps.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static void show(const char *when, WbDeviceTag gps) {
  const double *v = wb_gps_get_values(gps);
  printf("%s: lat %.9f lon %.9f alt %.6f\n", when, v[0], v[1], v[2]);
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag gps = wb_robot_get_device("gps");
  wb_gps_enable(gps, 32);
  WbFieldRef system = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("INFO"), "coordinateSystem");
  wb_robot_step(32);
  show("NUE", gps);
  wb_supervisor_field_set_sf_string(system, "ENU");
  wb_robot_step(32);
  show("ENU", gps);
  wb_robot_cleanup();
  return 0;
}
