/* A two-wheeled robot keeps a pole up on a free hinge, as Webots' position_sensor sample does: the wheels'
 * speed follows a PID on the pole's angle (35, 5, 28.9 per step, clamped to the motors' 100 rad/s).
 * Prints the largest |angle| of each 5 s and how far the robot went, or when the pole passed 0.7 rad. */
#include <math.h>
#include <stdio.h>
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag pole = wb_robot_get_device("pole sensor");
  WbDeviceTag gps = wb_robot_get_device("gps");
  WbDeviceTag wheels[2] = {wb_robot_get_device("left wheel motor"), wb_robot_get_device("right wheel motor")};
  wb_position_sensor_enable(pole, step);
  wb_gps_enable(gps, step);
  for (int i = 0; i < 2; i++) {
    wb_motor_set_position(wheels[i], INFINITY);
    wb_motor_set_velocity(wheels[i], 0.0);
  }
  double previous = 0.0, sum = 0.0, worst = 0.0;
  int steps = 0;
  while (wb_robot_step(step) != -1) {
    const double angle = wb_position_sensor_get_value(pole);
    worst = fmax(worst, fabs(angle));
    if (fabs(angle) > 0.7) {
      printf("fell %.3f\n", wb_robot_get_time());
      break;
    }
    if (++steps % (5000 / step) == 0) {
      const double *at = wb_gps_get_values(gps);
      printf("window %.1f %.4f %.4f\n", wb_robot_get_time(), worst, hypot(at[0], at[1]));
      worst = 0.0;
    }
    sum += 0.5 * (angle + previous);
    double speed = 35.0 * angle + 5.0 * sum + 28.9 * (angle - previous);
    speed = fmax(-100.0, fmin(100.0, speed));
    for (int i = 0; i < 2; i++)
      wb_motor_set_velocity(wheels[i], -speed);
    previous = angle;
    fflush(stdout);
  }
  fflush(stdout);
  wb_robot_cleanup();
  return 0;
}
