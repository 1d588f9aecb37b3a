/* Force control (tests/motors.rs): set_torque and set_position in the same step end in force control
 * (Webots applies a step's motor commands by kind, the position before the force), so the arm turns
 * with the angular acceleration the torque gives; a later set_position takes it back to position
 * control and it stops there. Prints "t=<ms> p=<rad> phase=<0 force, 1 position>".
 *   motor_force TORQUE */
#include <stdlib.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: motor_force TORQUE");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag motor = wb_robot_get_device("rotational motor");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  wb_position_sensor_enable(sensor, step);
  wb_motor_set_torque(motor, atof(argv[1]));
  wb_motor_set_position(motor, 0.0);
  for (int i = 0; i < 20; ++i) {
    wb_robot_step(step);
    printf("t=%.0f p=%.9f phase=0\n", wb_robot_get_time() * 1000, wb_position_sensor_get_value(sensor));
  }
  const double stop = wb_position_sensor_get_value(sensor) + 0.2;
  wb_motor_set_position(motor, stop);
  for (int i = 0; i < 60; ++i) {
    wb_robot_step(step);
    printf("t=%.0f p=%.9f phase=1\n", wb_robot_get_time() * 1000, wb_position_sensor_get_value(sensor));
  }
  printf("stop %.9f\n", stop);
  wb_robot_cleanup();
  return 0;
}
