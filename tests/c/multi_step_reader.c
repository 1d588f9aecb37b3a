/* One long step with slower sensors (Webots' robot_multiple_step scenario): sensors enabled at three
 * basic steps, one wb_robot_step of five basic steps, then one more basic step; prints the GPS and the
 * compass after each, and the distance sensor "ds" and touch sensor "ts" when the robot has them
 * (tests/robot_api.rs). */
#include <stdio.h>
#include <webots/compass.h>
#include <webots/distance_sensor.h>
#include <webots/gps.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>

static WbDeviceTag ds, ts;

static void show(WbDeviceTag gps, WbDeviceTag compass) {
  const double *p = wb_gps_get_values(gps);
  const double *n = wb_compass_get_values(compass);
  printf("t=%.3f gps %.3f %.3f %.3f compass %.3f %.3f %.3f", wb_robot_get_time(), p[0], p[1], p[2], n[0], n[1], n[2]);
  if (ds)
    printf(" ds %.3f", wb_distance_sensor_get_value(ds));
  if (ts)
    printf(" ts %.0f", wb_touch_sensor_get_value(ts));
  printf("\n");
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag gps = wb_robot_get_device("gps"), compass = wb_robot_get_device("compass");
  wb_gps_enable(gps, 3 * step);
  wb_compass_enable(compass, 3 * step);
  ds = wb_robot_get_device("ds");
  ts = wb_robot_get_device("ts");
  if (ds)
    wb_distance_sensor_enable(ds, 3 * step);
  if (ts)
    wb_touch_sensor_enable(ts, 3 * step);
  wb_robot_step(5 * step);
  show(gps, compass);
  wb_robot_step(step);
  show(gps, compass);
  wb_robot_cleanup();
  return 0;
}
