/* Webots' battery API test, reproduced (tests/api battery.wbt): a robot with battery [600 36000 5] and
 * cpuConsumption 5 turns a hinge toward 2 pi with a motor of consumptionFactor 100 and maxTorque 30.
 * After one 32 ms step the battery holds 600 - (5 + 100 * 30) * 0.032 = 503.84 J (Webots asserts 504
 * within 1); ten steps later it is empty and the motor, powerless, gives no torque.
 * argv[1] = "empty": a robot with an empty battery field, whose battery sensor reads -1. */
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  wb_robot_battery_sensor_enable(step);
  if (argc > 1 && strcmp(argv[1], "empty") == 0) {
    wb_robot_step(step);
    CHECK_DOUBLE(wb_robot_battery_sensor_get_value(), -1.0);
    printf("empty battery test passed\n");
    wb_robot_cleanup();
    return 0;
  }
  WbDeviceTag motor = wb_robot_get_device("rotational motor");
  WbDeviceTag sensor = wb_robot_get_device("position sensor");
  CHECK(motor != 0 && sensor != 0, "devices missing");
  wb_position_sensor_enable(sensor, step);
  wb_motor_enable_torque_feedback(motor, step);
  wb_motor_set_position(motor, 6.283185307179586);
  wb_robot_step(step);
  const double first = wb_robot_battery_sensor_get_value();
  printf("battery after one step %g, torque %g\n", first, wb_motor_get_torque_feedback(motor));
  CHECK(fabs(first - 504.0) < 1.0, "battery %g, expected 504 within 1", first);
  for (int i = 0; i < 10; i++)
    wb_robot_step(step);
  const double last = wb_robot_battery_sensor_get_value();
  const double torque = wb_motor_get_torque_feedback(motor);
  printf("battery after eleven steps %g, torque %g\n", last, torque);
  CHECK(fabs(last) < 1e-3, "battery %g, expected 0", last);
  CHECK(fabs(torque) < 1e-6, "an unpowered motor gives torque %g", torque);
  printf("battery test passed\n");
  wb_robot_cleanup();
  return 0;
}
