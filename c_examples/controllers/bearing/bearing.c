/* Reports the robot's compass bearing (degrees from north, clockwise: 90 = facing east) whenever it
 * changes. The compass reads north in the device's frame; in an ENU world the bearing of the device's
 * +x axis is atan2(v[1], v[0]). */
#include <math.h>
#include <stdio.h>
#include <webots/compass.h>
#include <webots/robot.h>

static double bearing(const double *north) {
  double degrees = atan2(north[1], north[0]) * 180.0 / M_PI;
  return degrees < 0.0 ? degrees + 360.0 : degrees;
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag compass = wb_robot_get_device("compass");
  wb_compass_enable(compass, step);
  double last = -1.0;
  while (wb_robot_step(step) != -1) {
    const double b = bearing(wb_compass_get_values(compass));
    if (fabs(b - last) > 0.05) {
      printf("t = %.3f s: bearing %5.1f deg\n", wb_robot_get_time(), b);
      last = b;
    }
  }
  wb_robot_cleanup();
  return 0;
}
