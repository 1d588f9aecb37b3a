/* A motor and its position sensor behind two Slots, next to three coupled motors on hinges without end
 * points (Webots' motor world; tests/motor_behind_slots.rs): prints the devices found and where the motor
 * took its arm. */
#include <stdio.h>
#include <webots/device.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  const int n = wb_robot_get_number_of_devices();
  for (int i = 0; i < n; ++i)
    printf("device %d: %s\n", i, wb_device_get_name(wb_robot_get_device_by_index(i)));
  const WbDeviceTag motor = wb_robot_get_device("rotational motor");
  CHECK(motor != 0, "the motor behind the slots is not found");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  CHECK(sensor != 0, "the motor has no position sensor");
  CHECK(wb_position_sensor_get_motor(sensor) == motor, "the sensor's motor");
  CHECK_DOUBLE(wb_motor_get_max_position(motor), 1.51);
  CHECK_DOUBLE(wb_motor_get_min_position(motor), -1.63);
  CHECK_DOUBLE(wb_motor_get_multiplier(wb_robot_get_device("motor::hinge")), 5);
  wb_position_sensor_enable(sensor, 32);
  wb_motor_set_position(motor, 100);
  wb_robot_step(32);
  for (int i = 0; i < 60; ++i)
    wb_robot_step(32);
  printf("arm at %.6f\n", wb_position_sensor_get_value(sensor));
  wb_robot_cleanup();
  return 0;
}
