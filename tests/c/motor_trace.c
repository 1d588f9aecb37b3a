/* Drives the robot's one motor and prints its trace (tests/motors.rs checks it against mechanics):
 *   motor_trace MODE VALUE STEPS
 * MODE "position": set_position(VALUE); "velocity": set_position(INFINITY) then set_velocity(VALUE);
 * "torque": set_torque(VALUE) (or set_force for a linear motor). Each step prints
 * "t=<ms> p=<position sensor> fb=<force or torque feedback>". */
#include <stdlib.h>
#include <string.h>
#include <webots/device.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 4, "usage: motor_trace MODE VALUE STEPS");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag motor = 0;
  for (int i = 0; i < wb_robot_get_number_of_devices() && !motor; ++i) {
    const WbDeviceTag d = wb_robot_get_device_by_index(i);
    const WbNodeType type = wb_device_get_node_type(d);
    if (type == WB_NODE_ROTATIONAL_MOTOR || type == WB_NODE_LINEAR_MOTOR)
      motor = d;
  }
  CHECK(motor != 0, "no motor");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  CHECK(sensor != 0, "no position sensor beside the motor");
  wb_position_sensor_enable(sensor, step);
  wb_motor_enable_force_feedback(motor, step);
  const double value = atof(argv[2]);
  if (strcmp(argv[1], "position") == 0)
    wb_motor_set_position(motor, value);
  else if (strcmp(argv[1], "velocity") == 0) {
    wb_motor_set_position(motor, INFINITY);
    wb_motor_set_velocity(motor, value);
  } else if (strcmp(argv[1], "torque") == 0)
    wb_motor_set_force(motor, value);
  else
    CHECK(0, "unknown mode %s", argv[1]);
  const int steps = atoi(argv[3]);
  for (int i = 0; i < steps && wb_robot_step(step) != -1; ++i)
    printf("t=%.0f p=%.9f fb=%.9f\n", wb_robot_get_time() * 1000, wb_position_sensor_get_value(sensor),
           wb_motor_get_force_feedback(motor));
  wb_robot_cleanup();
  return 0;
}
