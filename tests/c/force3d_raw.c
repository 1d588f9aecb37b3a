/* A force-3d TouchSensor with an empty lookup table (Webots' touch_sensor_force3d world;
 * tests/touch_sensor_force3d_raw.rs): prints its values after 5 steps of falling and 100 steps later. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>

static void show(const char *when, WbDeviceTag ts) {
  const double *v = wb_touch_sensor_get_values(ts);
  printf("%s: %.3f %.3f %.3f\n", when, v[0] + 0.0, v[1] + 0.0, v[2] + 0.0);
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag ts = wb_robot_get_device("touch sensor");
  wb_touch_sensor_enable(ts, 16);
  for (int i = 0; i < 5; ++i)
    wb_robot_step(16);
  show("falling", ts);
  for (int i = 0; i < 100; ++i)
    wb_robot_step(16);
  show("on the floor", ts);
  wb_robot_cleanup();
  return 0;
}
