/* Webots' GPS API test, reproduced: NaN before enabling and before the first step, the local
 * coordinate system, then the device's world position at every step. argv[1..3] = that position. */
#include <webots/gps.h>
#include <webots/robot.h>

#include "check.h"

static void check_position(WbDeviceTag gps, const double *expected, const char *when) {
  const double *p = wb_gps_get_values(gps);
  for (int i = 0; i < 3; i++) {
    if (isnan(expected[i]))
      CHECK(isnan(p[i]), "axis %d reads %f %s", i, p[i], when);
    else
      CHECK(fabs(p[i] - expected[i]) < 1e-6, "axis %d reads %.9f, expected %.9f %s", i, p[i], expected[i], when);
  }
}

int main(int argc, char **argv) {
  CHECK(argc == 4, "usage: gps_webots X Y Z");
  const double expected[3] = {atof(argv[1]), atof(argv[2]), atof(argv[3])};
  const double nan3[3] = {NAN, NAN, NAN};
  wb_robot_init();
  const int time_step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag gps = wb_robot_get_device("gps");
  CHECK(gps != 0, "no gps");
  check_position(gps, nan3, "before the device is enabled");
  wb_gps_enable(gps, time_step);
  check_position(gps, nan3, "before the first step");
  CHECK_INT(wb_gps_get_coordinate_system(gps), WB_GPS_LOCAL_COORDINATE);
  for (int i = 1; i <= 10; i++) {
    wb_robot_step(time_step);
    char when[64];
    snprintf(when, sizeof when, "after %d steps", i);
    check_position(gps, expected, when);
  }
  printf("gps test passed\n");
  wb_robot_cleanup();
  return 0;
}
