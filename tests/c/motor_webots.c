/* Webots' own motor scenario (tests/motors.rs builds the world): the cache before any sample, the
 * configure that a PID change triggers (the target comes back clamped to maxPosition), the position
 * after 21 steps of a motor ramping at 5 rad/s², the torque that ramp needs, and setters read back.
 * Prints "position P" and "torque T" for the Rust side to check against the control law and I·α. */
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define STEP 32

int main(void) {
  wb_robot_init();
  const WbDeviceTag motor = wb_robot_get_device("rotational motor");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  CHECK(motor != 0 && sensor != 0, "motor %d, sensor %d", motor, sensor);
  CHECK_INT(wb_position_sensor_get_motor(sensor), motor);
  wb_robot_step(STEP);

  /* nothing sampled yet */
  CHECK(isnan(wb_position_sensor_get_value(sensor)), "position before enabling");
  CHECK(isnan(wb_motor_get_torque_feedback(motor)), "torque feedback before enabling");
  CHECK_INT(wb_motor_get_torque_feedback_sampling_period(motor), 0);
  /* the fields, through the first configure */
  CHECK_DOUBLE(wb_motor_get_max_position(motor), 1.51);
  CHECK_DOUBLE(wb_motor_get_min_position(motor), -1.63);
  CHECK_DOUBLE(wb_motor_get_max_velocity(motor), 20.0);
  CHECK_DOUBLE(wb_motor_get_velocity(motor), 20.0);
  CHECK_DOUBLE(wb_motor_get_acceleration(motor), 5.0);
  CHECK_DOUBLE(wb_motor_get_max_torque(motor), 100.0);
  CHECK_DOUBLE(wb_motor_get_available_torque(motor), 100.0);
  CHECK_INT(wb_motor_get_type(motor), WB_ROTATIONAL);
  CHECK_DOUBLE(wb_motor_get_multiplier(motor), 1.0);

  wb_position_sensor_enable(sensor, STEP);
  wb_motor_enable_torque_feedback(motor, STEP);
  wb_motor_set_control_pid(motor, 15, 5, 1);
  wb_motor_set_available_torque(motor, 50);
  wb_motor_set_position(motor, 100);
  /* until the world answers, the cache holds what was set */
  CHECK_DOUBLE(wb_motor_get_target_position(motor), 100.0);
  CHECK_INT(wb_motor_get_torque_feedback_sampling_period(motor), STEP);
  wb_robot_step(STEP);
  /* the PID change made the world configure the motor again: its target is clamped */
  CHECK_DOUBLE(wb_motor_get_target_position(motor), 1.51);

  for (int i = 0; i < 20; ++i)
    wb_robot_step(STEP);
  const double position = wb_position_sensor_get_value(sensor);
  const double torque = wb_motor_get_torque_feedback(motor);
  printf("position %.9f\n", position);
  printf("torque %.9f\n", torque);
  CHECK(fabs(position - 1.18212) < 0.001, "position %.9f, Webots' reference 1.18212", position);

  /* the configures kept the target velocity and the available torque the controller chose */
  CHECK_DOUBLE(wb_motor_get_max_velocity(motor), 20.0);
  CHECK_DOUBLE(wb_motor_get_velocity(motor), 20.0);
  CHECK_DOUBLE(wb_motor_get_max_torque(motor), 100.0);
  CHECK_DOUBLE(wb_motor_get_available_torque(motor), 50.0);

  wb_motor_set_velocity(motor, 18);
  wb_motor_set_acceleration(motor, 4.8);
  wb_robot_step(STEP);
  CHECK_DOUBLE(wb_motor_get_acceleration(motor), 4.8);
  CHECK_DOUBLE(wb_motor_get_max_velocity(motor), 20.0);
  CHECK_DOUBLE(wb_motor_get_velocity(motor), 18.0);
  printf("motor scenario passed\n");
  wb_robot_cleanup();
  return 0;
}
