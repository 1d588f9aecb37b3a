/* Webots' motor scenario read by an inertial unit (see tests/motor_yaw.rs): the motor ramps toward
 * maxPosition with Webots' PID (15, 5, 1) and 50 N·m for 21 steps; prints the position sensor's value and
 * the yaw of the inertial units "arm imu" (on the turned part) and "base imu" (on the robot), each step. */
#include <webots/inertial_unit.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define STEP 32

int main(void) {
  wb_robot_init();
  const WbDeviceTag motor = wb_robot_get_device("rotational motor");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  const WbDeviceTag arm = wb_robot_get_device("arm imu");
  const WbDeviceTag base = wb_robot_get_device("base imu");
  CHECK(motor && sensor && arm && base, "devices missing");
  wb_robot_step(STEP);
  wb_position_sensor_enable(sensor, STEP);
  wb_inertial_unit_enable(arm, STEP);
  wb_inertial_unit_enable(base, STEP);
  wb_motor_set_control_pid(motor, 15, 5, 1);
  wb_motor_set_available_torque(motor, 50);
  wb_motor_set_position(motor, 100);
  for (int i = 0; i < 21; ++i) {
    wb_robot_step(STEP);
    printf("step %d position %.6f arm %.6f base %.6f\n", i + 1, wb_position_sensor_get_value(sensor),
           wb_inertial_unit_get_roll_pitch_yaw(arm)[2], wb_inertial_unit_get_roll_pitch_yaw(base)[2]);
  }
  wb_robot_cleanup();
  return 0;
}
