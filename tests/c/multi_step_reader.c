/* One long step with slower sensors (Webots' robot_multiple_step scenario): sensors enabled at three
 * basic steps, one wb_robot_step of five basic steps, then one more basic step; prints the GPS and the
 * compass after each (tests/robot_api.rs). */
#include <stdio.h>
#include <webots/compass.h>
#include <webots/gps.h>
#include <webots/robot.h>

static void show(WbDeviceTag gps, WbDeviceTag compass) {
  const double *p = wb_gps_get_values(gps);
  const double *n = wb_compass_get_values(compass);
  printf("t=%.3f gps %.3f %.3f %.3f compass %.3f %.3f %.3f\n", wb_robot_get_time(), p[0], p[1], p[2], n[0], n[1], n[2]);
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag gps = wb_robot_get_device("gps"), compass = wb_robot_get_device("compass");
  wb_gps_enable(gps, 3 * step);
  wb_compass_enable(compass, 3 * step);
  wb_robot_step(5 * step);
  show(gps, compass);
  wb_robot_step(step);
  show(gps, compass);
  wb_robot_cleanup();
  return 0;
}
