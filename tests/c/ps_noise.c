/* PositionSensor noise and resolution (tests/motors.rs): samples the sensors "noisy" and "coarse" every
 * step and prints "t=<ms> n=<noisy> c=<coarse>".
 *   ps_noise STEPS */
#include <stdlib.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: ps_noise STEPS");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag noisy = wb_robot_get_device("noisy"), coarse = wb_robot_get_device("coarse");
  CHECK(noisy && coarse, "sensors");
  wb_position_sensor_enable(noisy, step);
  wb_position_sensor_enable(coarse, step);
  CHECK_INT(wb_position_sensor_get_sampling_period(noisy), step);
  for (int i = 0; i < atoi(argv[1]) && wb_robot_step(step) != -1; ++i)
    printf("t=%.0f n=%.17g c=%.17g\n", wb_robot_get_time() * 1000, wb_position_sensor_get_value(noisy),
           wb_position_sensor_get_value(coarse));
  wb_robot_cleanup();
  return 0;
}
