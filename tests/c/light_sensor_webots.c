/* Webots' light_sensor_point_spot_light_no_occlusion API test, reproduced: a PointLight and a SpotLight
 * (beamWidth 0.785398) at a lamp 9.5 cm up; ls0 faces them (279.21 after one step and after), ls1 faces
 * away (ambient only: 102.4), sampled every other step; NaN before enabling and before a sample, the
 * lookup table as written. */
#include <webots/light_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32
#define LS0_VALUE 279.21
#define LS1_VALUE 102.4

int main(void) {
  wb_robot_init();
  WbDeviceTag ls0 = wb_robot_get_device("ls0");
  WbDeviceTag ls1 = wb_robot_get_device("ls1");
  CHECK(ls0 && ls1, "devices missing");
  CHECK_INT(wb_light_sensor_get_lookup_table_size(ls0), 2);
  const double *table = wb_light_sensor_get_lookup_table(ls0);
  CHECK(table != NULL, "no lookup table");
  CHECK_DOUBLE(table[3], 10.0);
  CHECK_DOUBLE(table[5], 0.0);
  CHECK(isnan(wb_light_sensor_get_value(ls0)) && isnan(wb_light_sensor_get_value(ls1)), "values before enabling");
  wb_light_sensor_enable(ls0, TIME_STEP);
  wb_light_sensor_enable(ls1, 2 * TIME_STEP);
  CHECK(isnan(wb_light_sensor_get_value(ls0)), "ls0 before a step");
  CHECK(isnan(wb_light_sensor_get_value(ls1)), "ls1 before a step");
  wb_robot_step(TIME_STEP);
  double r = wb_light_sensor_get_value(ls0);
  printf("ls0 after one step %g\n", r);
  CHECK(fabs(r - LS0_VALUE) < 0.001, "ls0 reads %.9g, expected %g", r, LS0_VALUE);
  CHECK(isnan(wb_light_sensor_get_value(ls1)), "ls1 after one step");
  for (int i = 2; i <= 10; i++) {
    wb_robot_step(TIME_STEP);
    r = wb_light_sensor_get_value(ls0);
    CHECK(fabs(r - LS0_VALUE) < 0.001, "ls0 reads %.9g after %d steps, expected %g", r, i, LS0_VALUE);
    r = wb_light_sensor_get_value(ls1);
    CHECK(fabs(r - LS1_VALUE) < 0.001, "ls1 reads %.9g after %d steps, expected %g", r, i, LS1_VALUE);
  }
  printf("light sensor test passed\n");
  wb_robot_cleanup();
  return 0;
}
