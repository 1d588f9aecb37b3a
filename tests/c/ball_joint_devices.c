/* The devices of a BallJoint's three axes find each other axis by axis (Webots' position_sensor_get_motor
 * world; tests/ball_joint_devices.rs): each position sensor's motor is the motor of its own axis, and the
 * brake of the first axis is nobody else's. */
#include <stdio.h>
#include <webots/brake.h>
#include <webots/device.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include "check.h"

static WbDeviceTag device(const char *name) {
  const WbDeviceTag tag = wb_robot_get_device(name);
  CHECK(tag != 0, "no device %s", name);
  CHECK_STR(wb_device_get_name(tag), name);
  return tag;
}

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  const WbDeviceTag brake = device("brake1");
  for (int axis = 1; axis <= 3; ++axis) {
    char motor_name[32], sensor_name[32];
    snprintf(motor_name, sizeof motor_name, "rotational motor%d", axis);
    snprintf(sensor_name, sizeof sensor_name, "position sensor%d", axis);
    const WbDeviceTag motor = device(motor_name), sensor = device(sensor_name);
    CHECK(wb_position_sensor_get_motor(sensor) == motor, "%s's motor is not %s", sensor_name, motor_name);
    CHECK(wb_motor_get_position_sensor(motor) == sensor, "%s's sensor is not %s", motor_name, sensor_name);
    const WbDeviceTag expected_brake = axis == 1 ? brake : 0;
    CHECK(wb_position_sensor_get_brake(sensor) == expected_brake, "%s's brake", sensor_name);
    CHECK(wb_motor_get_brake(motor) == expected_brake, "%s's brake", motor_name);
  }
  CHECK(wb_brake_get_motor(brake) == device("rotational motor1"), "brake1's motor");
  CHECK(wb_brake_get_position_sensor(brake) == device("position sensor1"), "brake1's sensor");
  printf("ball joint devices: all checks passed\n");
  wb_robot_cleanup();
  return 0;
}
