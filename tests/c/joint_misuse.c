/* Every misuse of motor.h, position_sensor.h, brake.h and led.h with Webots' exact message and return
 * value; then commands the world warns about (tests/motors.rs checks those on the runner's stderr). */
#define _POSIX_C_SOURCE 200809L
#include <webots/brake.h>
#include <webots/led.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include "sv_check.h"

#define BAD_TAG(f) "Error: device with tag=999 not found.\nError: " f "(): invalid device tag.\n"
#define WRONG(f) "Error: " f "(): invalid device tag.\n"

int main(void) {
  wb_robot_init();
  const WbDeviceTag m = wb_robot_get_device("m"), ps = wb_robot_get_device("ps"), br = wb_robot_get_device("br");
  const WbDeviceTag lin = wb_robot_get_device("lin"), lps = wb_robot_get_device("lps");
  const WbDeviceTag kin = wb_robot_get_device("kin"), loose = wb_robot_get_device("loose");
  const WbDeviceTag led = wb_robot_get_device("led");
  CHECK(m && ps && br && lin && lps && kin && loose && led, "devices");

  /* motor.h: tags */
  EXPECT_STDERR(BAD_TAG("wb_motor_set_position"), wb_motor_set_position(999, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_position"), wb_motor_set_position(ps, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_velocity"), wb_motor_set_velocity(led, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_acceleration"), wb_motor_set_acceleration(br, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_available_force"), wb_motor_set_available_force(ps, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_force"), wb_motor_set_force(ps, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_control_pid"), wb_motor_set_control_pid(ps, 1, 0, 0));
  EXPECT_STDERR(WRONG("wb_motor_enable_force_feedback"), wb_motor_enable_force_feedback(ps, 32));
  EXPECT_STDERR(WRONG("wb_motor_disable_force_feedback"), wb_motor_disable_force_feedback(ps));
  /* the torque aliases name themselves on a bad tag */
  EXPECT_STDERR(WRONG("wb_motor_set_torque"), wb_motor_set_torque(ps, 1));
  EXPECT_STDERR(WRONG("wb_motor_set_available_torque"), wb_motor_set_available_torque(ps, 1));
  EXPECT_STDERR(WRONG("wb_motor_enable_torque_feedback"), wb_motor_enable_torque_feedback(ps, 32));
  EXPECT_STDERR(WRONG("wb_motor_disable_torque_feedback"), wb_motor_disable_torque_feedback(ps));
  EXPECT_STDERR(BAD_TAG("wb_motor_get_available_torque"), CHECK(isnan(wb_motor_get_available_torque(999)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_max_torque"), CHECK(isnan(wb_motor_get_max_torque(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_torque_feedback"), CHECK(isnan(wb_motor_get_torque_feedback(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_torque_feedback_sampling_period"),
                CHECK_INT(wb_motor_get_torque_feedback_sampling_period(ps), 0));
  /* getters: NaN, 0 or WB_ROTATIONAL */
  EXPECT_STDERR(WRONG("wb_motor_get_target_position"), CHECK(isnan(wb_motor_get_target_position(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_min_position"), CHECK(isnan(wb_motor_get_min_position(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_max_position"), CHECK(isnan(wb_motor_get_max_position(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_velocity"), CHECK(isnan(wb_motor_get_velocity(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_max_velocity"), CHECK(isnan(wb_motor_get_max_velocity(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_acceleration"), CHECK(isnan(wb_motor_get_acceleration(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_available_force"), CHECK(isnan(wb_motor_get_available_force(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_max_force"), CHECK(isnan(wb_motor_get_max_force(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_multiplier"), CHECK(isnan(wb_motor_get_multiplier(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_force_feedback"), CHECK(isnan(wb_motor_get_force_feedback(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_motor_get_force_feedback_sampling_period"),
                CHECK_INT(wb_motor_get_force_feedback_sampling_period(ps), 0));
  EXPECT_STDERR(BAD_TAG("wb_motor_get_type"), CHECK_INT(wb_motor_get_type(999), WB_ROTATIONAL));
  EXPECT_STDERR(WRONG("wb_motor_get_brake"), CHECK_INT(wb_motor_get_brake(ps), 0));
  EXPECT_STDERR(WRONG("wb_motor_get_position_sensor"), CHECK_INT(wb_motor_get_position_sensor(led), 0));

  /* motor.h: arguments (the value is refused, the cache keeps the old one) */
  EXPECT_STDERR("Error: wb_motor_set_position() called with an invalid 'position' argument (NaN).\n",
                wb_motor_set_position(m, NAN));
  CHECK_DOUBLE(wb_motor_get_target_position(m), 0.0);
  EXPECT_STDERR("Error: wb_motor_set_velocity() called with an invalid 'velocity' argument.(NaN)\n",
                wb_motor_set_velocity(m, NAN));
  EXPECT_STDERR("", wb_motor_set_position(m, 0.5));
  EXPECT_STDERR(
    "Error: wb_motor_set_velocity() called with negative 'velocity' argument in position control mode (0.5).\n",
    wb_motor_set_velocity(m, -1));
  CHECK_DOUBLE(wb_motor_get_velocity(m), 10.0);
  EXPECT_STDERR("Error: wb_motor_set_acceleration() called with negative 'acceleration' argument.\n",
                wb_motor_set_acceleration(m, -2));
  EXPECT_STDERR("Error: wb_motor_set_acceleration() called with an invalid 'acceleration' argument (NaN).\n",
                wb_motor_set_acceleration(m, NAN));
  EXPECT_STDERR("", wb_motor_set_acceleration(m, -1));
  CHECK_DOUBLE(wb_motor_get_acceleration(m), -1.0);
  EXPECT_STDERR("Error: wb_motor_set_available_force() called with negative 'force' argument.\n",
                wb_motor_set_available_force(m, -1));
  EXPECT_STDERR("Error: wb_motor_set_available_force() called with an invalid 'force' argument (NaN).\n",
                wb_motor_set_available_force(m, NAN));
  /* past the tag check, the torque aliases are the force functions */
  EXPECT_STDERR("Error: wb_motor_set_available_force() called with negative 'force' argument.\n",
                wb_motor_set_available_torque(m, -1));
  CHECK_DOUBLE(wb_motor_get_available_torque(m), 10.0);
  EXPECT_STDERR("Error: wb_motor_set_force() called with an invalid 'force' argument (NaN).\n",
                wb_motor_set_force(m, NAN));
  EXPECT_STDERR("Error: wb_motor_set_force() called with an invalid 'force' argument (NaN).\n",
                wb_motor_set_torque(m, NAN));
  EXPECT_STDERR("Error: wb_motor_set_control_pid() called with negative or zero 'p' argument.\n",
                wb_motor_set_control_pid(m, 0, 0, 0));
  EXPECT_STDERR("Error: wb_motor_set_control_pid() called with negative 'i' argument.\n",
                wb_motor_set_control_pid(m, 1, -1, 0));
  EXPECT_STDERR("Error: wb_motor_set_control_pid() called with negative 'd' argument.\n",
                wb_motor_set_control_pid(m, 1, 0, -1));
  EXPECT_STDERR("Error: wb_motor_enable_force_feedback() called with negative sampling period.\n",
                wb_motor_enable_force_feedback(m, -1));
  EXPECT_STDERR("Error: wb_motor_enable_force_feedback() called with negative sampling period.\n",
                wb_motor_enable_torque_feedback(m, -1));
  CHECK_INT(wb_motor_get_torque_feedback_sampling_period(m), 0);
  /* no disabled-device error for the feedback: NaN until a sample */
  EXPECT_STDERR("", CHECK(isnan(wb_motor_get_force_feedback(m)), "feedback before a sample"));
  CHECK_INT(wb_motor_get_type(lin), WB_LINEAR);
  CHECK_INT(wb_motor_get_position_sensor(kin), 0);
  CHECK_INT(wb_motor_get_brake(m), br);

  /* position_sensor.h */
  EXPECT_STDERR("Error: wb_position_sensor_enable() called with negative sampling period.\n",
                wb_position_sensor_enable(ps, -1));
  EXPECT_STDERR(WRONG("wb_position_sensor_enable"), wb_position_sensor_enable(m, 32));
  EXPECT_STDERR(WRONG("wb_position_sensor_disable"), wb_position_sensor_disable(m));
  EXPECT_STDERR(
    "Error: wb_position_sensor_get_value() called for a disabled device! Please use: wb_position_sensor_enable().\n",
    CHECK(isnan(wb_position_sensor_get_value(ps)), "NaN"));
  EXPECT_STDERR(WRONG("wb_position_sensor_get_value"), CHECK(isnan(wb_position_sensor_get_value(m)), "NaN"));
  EXPECT_STDERR(BAD_TAG("wb_position_sensor_get_sampling_period"),
                CHECK_INT(wb_position_sensor_get_sampling_period(999), 0));
  EXPECT_STDERR(WRONG("wb_position_sensor_get_type"), CHECK_INT(wb_position_sensor_get_type(led), WB_ROTATIONAL));
  EXPECT_STDERR(WRONG("wb_position_sensor_get_motor"), CHECK_INT(wb_position_sensor_get_motor(m), 0));
  EXPECT_STDERR(WRONG("wb_position_sensor_get_brake"), CHECK_INT(wb_position_sensor_get_brake(br), 0));
  CHECK_INT(wb_position_sensor_get_motor(ps), m);
  CHECK_INT(wb_position_sensor_get_brake(ps), br);
  CHECK_INT(wb_position_sensor_get_motor(lps), lin);
  CHECK_INT(wb_position_sensor_get_brake(lps), 0);
  CHECK_INT(wb_position_sensor_get_type(ps), WB_ROTATIONAL);
  CHECK_INT(wb_position_sensor_get_type(lps), WB_LINEAR);

  /* brake.h */
  EXPECT_STDERR("Error: wb_brake_set_damping_constant() called with an invalid 'damping_constant' argument (NaN).\n",
                wb_brake_set_damping_constant(br, NAN));
  EXPECT_STDERR(WRONG("wb_brake_set_damping_constant"), wb_brake_set_damping_constant(m, 1));
  EXPECT_STDERR(BAD_TAG("wb_brake_get_type"), CHECK_INT(wb_brake_get_type(999), WB_ROTATIONAL));
  EXPECT_STDERR(WRONG("wb_brake_get_motor"), CHECK_INT(wb_brake_get_motor(ps), 0));
  EXPECT_STDERR(WRONG("wb_brake_get_position_sensor"), CHECK_INT(wb_brake_get_position_sensor(m), 0));
  EXPECT_STDERR("", wb_brake_set_damping_constant(br, -3)); /* no sign check */
  CHECK_INT(wb_brake_get_type(br), WB_ROTATIONAL);
  CHECK_INT(wb_brake_get_motor(br), m);
  CHECK_INT(wb_brake_get_position_sensor(br), ps);

  /* led.h */
  CHECK_INT(wb_led_get(led), 0);
  wb_led_set(led, 2);
  CHECK_INT(wb_led_get(led), 2);
  EXPECT_STDERR(BAD_TAG("wb_led_set"), wb_led_set(999, 1));
  EXPECT_STDERR(WRONG("wb_led_get"), CHECK_INT(wb_led_get(m), 0));

  /* what the world warns about */
  wb_motor_set_position(m, 5);
  wb_motor_set_velocity(m, 50);
  wb_motor_set_available_torque(m, 100);
  wb_motor_set_available_force(lin, 50);
  wb_motor_enable_torque_feedback(kin, 32);
  wb_motor_enable_torque_feedback(loose, 32);
  wb_motor_enable_torque_feedback(m, 32);
  wb_robot_step(32);
  wb_motor_set_position(m, -5);
  wb_motor_set_torque(m, 20);
  wb_robot_step(32);
  wb_robot_step(32);
  /* a refused feedback never samples */
  CHECK(isnan(wb_motor_get_torque_feedback(kin)), "feedback of a joint without physics");
  CHECK_INT(wb_motor_get_torque_feedback_sampling_period(kin), 32);
  /* fields corrected at load reach the controller so */
  const WbDeviceTag bad = wb_robot_get_device("bad");
  CHECK_DOUBLE(wb_motor_get_max_velocity(bad), 3.0);
  CHECK_DOUBLE(wb_motor_get_max_torque(bad), 10.0);
  CHECK_DOUBLE(wb_motor_get_acceleration(bad), -1.0);
  CHECK_DOUBLE(wb_motor_get_multiplier(bad), 1.0);
  printf("misuse checks passed\n");
  wb_robot_cleanup();
  return 0;
}
