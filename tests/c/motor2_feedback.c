/* Webots' motor2 sequence on a Hinge2Joint's second motor (tests/motors.rs builds the world): nothing
 * sampled before enabling, then a PID position move toward π/2 with 0.5 N·m of available torque for 21
 * steps, then that torque set directly for 20 steps. Prints "position P" and "torque T" after the move
 * and "torque2 T" under set_torque, for the Rust side to check against the torque-limited motion. */
#include <math.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define STEP 32
#define HALF_PI 1.57079632679489661923

int main(void) {
  wb_robot_init();
  const WbDeviceTag sensor = wb_robot_get_device("position sensor2");
  const WbDeviceTag motor = wb_position_sensor_get_motor(sensor);
  CHECK(sensor != 0 && motor != 0, "sensor %d, motor %d", sensor, motor);
  wb_robot_step(STEP);
  CHECK(isnan(wb_position_sensor_get_value(sensor)), "position before enabling");
  CHECK(isnan(wb_motor_get_torque_feedback(motor)), "torque feedback before enabling");
  CHECK_INT(wb_motor_get_torque_feedback_sampling_period(motor), 0);
  CHECK_DOUBLE(wb_motor_get_max_position(motor), 1.58);
  CHECK_DOUBLE(wb_motor_get_min_position(motor), -1.53);

  wb_position_sensor_enable(sensor, STEP);
  wb_motor_enable_torque_feedback(motor, STEP);
  wb_motor_set_control_pid(motor, 15, 5, 1);
  wb_motor_set_available_torque(motor, 0.5);
  wb_motor_set_acceleration(motor, 5);
  wb_motor_set_position(motor, HALF_PI);
  wb_robot_step(STEP);
  CHECK_DOUBLE(wb_motor_get_target_position(motor), HALF_PI);
  for (int i = 0; i < 20; ++i)
    wb_robot_step(STEP);
  printf("position %.9f\n", wb_position_sensor_get_value(sensor));
  printf("torque %.9f\n", wb_motor_get_torque_feedback(motor));

  wb_robot_step(STEP);
  wb_motor_set_torque(motor, 0.5);
  for (int i = 0; i < 20; ++i)
    wb_robot_step(STEP);
  printf("torque2 %.9f\n", wb_motor_get_torque_feedback(motor));
  wb_robot_cleanup();
  return 0;
}
