/* Webots' distance sensor API tests (sonar, laser, resolution), reproduced: every sensor enabled at 32
 * ms, then after argv[1] steps each named sensor reads its expected value within 1e-5.
 * argv[2..] = pairs of (device name, expected value). */
#include <webots/distance_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

int main(int argc, char **argv) {
  CHECK(argc >= 4 && argc % 2 == 0, "usage: distance_webots STEPS [NAME VALUE]...");
  wb_robot_init();
  const int steps = atoi(argv[1]);
  for (int i = 2; i < argc; i += 2) {
    WbDeviceTag ds = wb_robot_get_device(argv[i]);
    CHECK(ds != 0, "no device %s", argv[i]);
    wb_distance_sensor_enable(ds, TIME_STEP);
  }
  for (int k = 0; k < steps; k++)
    wb_robot_step(TIME_STEP);
  for (int i = 2; i < argc; i += 2) {
    const double value = wb_distance_sensor_get_value(wb_robot_get_device(argv[i]));
    const double expected = atof(argv[i + 1]);
    printf("%s reads %.9g\n", argv[i], value);
    CHECK(fabs(value - expected) < 1e-5, "%s reads %.9g, expected %.9g", argv[i], value, expected);
  }
  printf("distance sensor test passed\n");
  wb_robot_cleanup();
  return 0;
}
