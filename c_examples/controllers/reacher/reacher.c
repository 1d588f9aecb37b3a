/* An arm reaching targets (arm_demo.wbt): for each target of the vertical plane, the shoulder and elbow
 * angles from the arm's geometry (elbow up), set as motor positions; it waits until the encoders settle
 * and reports where the GPS at the tip is, its distance to the target and the time it took. */
#include <math.h>
#include <stdio.h>
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#define UPPER 0.30          /* m, shoulder to elbow */
#define FORE 0.25           /* m, elbow to tip */
#define SHOULDER_HEIGHT 0.1 /* m */

/* Shoulder and elbow angles putting the tip at (x, z); false when out of reach. */
static int solve(double x, double z, double *shoulder, double *elbow) {
  z -= SHOULDER_HEIGHT;
  const double c = (x * x + z * z - UPPER * UPPER - FORE * FORE) / (2.0 * UPPER * FORE);
  if (c < -1.0 || c > 1.0)
    return 0;
  *elbow = -acos(c);
  *shoulder = atan2(z, x) - atan2(FORE * sin(*elbow), UPPER + FORE * cos(*elbow));
  return 1;
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag motors[2] = {wb_robot_get_device("shoulder"), wb_robot_get_device("elbow")};
  WbDeviceTag sensors[2];
  for (int j = 0; j < 2; ++j) {
    sensors[j] = wb_motor_get_position_sensor(motors[j]);
    wb_position_sensor_enable(sensors[j], step);
  }
  const WbDeviceTag tip = wb_robot_get_device("tip");
  wb_gps_enable(tip, step);
  wb_robot_step(step);

  const double targets[][2] = {{0.40, 0.35}, {0.20, 0.45}, {0.50, 0.05}, {0.30, 0.10}, {0.10, 0.55}};
  for (size_t t = 0; t < sizeof targets / sizeof targets[0]; ++t) {
    double q[2];
    if (!solve(targets[t][0], targets[t][1], &q[0], &q[1])) {
      printf("target (%.2f, %.2f) is out of reach\n", targets[t][0], targets[t][1]);
      continue;
    }
    for (int j = 0; j < 2; ++j)
      wb_motor_set_position(motors[j], q[j]);
    const double start = wb_robot_get_time();
    int settled = 0;
    while (settled < 25 && wb_robot_get_time() - start < 5.0 && wb_robot_step(step) != -1) {
      const double off = fmax(fabs(wb_position_sensor_get_value(sensors[0]) - q[0]),
                              fabs(wb_position_sensor_get_value(sensors[1]) - q[1]));
      settled = off < 1e-3 ? settled + 1 : 0;
    }
    const double *p = wb_gps_get_values(tip);
    const double error = hypot(p[0] - targets[t][0], p[2] - targets[t][1]);
    printf("target (%.2f, %.2f): shoulder %+.3f rad, elbow %+.3f rad; tip at (%.3f, %.3f) after %.2f s, %.1f mm off\n",
           targets[t][0], targets[t][1], q[0], q[1], p[0], p[2], wb_robot_get_time() - start, 1000.0 * error);
  }
  wb_robot_cleanup();
  return 0;
}
