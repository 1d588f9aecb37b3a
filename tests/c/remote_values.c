/* The remote-control setters a remote-control library calls, as the controller's getters then read
 * them: a motor's torque feedback and its position sensor, a GPS, a touch sensor; a wrong tag is
 * refused with Webots' message (tests/media.rs). */
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/remote_control.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  const WbDeviceTag motor = wb_robot_get_device("motor");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  const WbDeviceTag gps = wb_robot_get_device("gps");
  const WbDeviceTag bumper = wb_robot_get_device("bumper");
  CHECK(motor && sensor && gps && bumper, "devices missing");
  wb_motor_enable_torque_feedback(motor, 32);
  wb_position_sensor_enable(sensor, 32);
  wb_gps_enable(gps, 32);
  wb_touch_sensor_enable(bumper, 32);
  wb_robot_step(32);

  wbr_motor_set_torque_feedback(motor, 1.25);
  CHECK_DOUBLE(wb_motor_get_torque_feedback(motor), 1.25);
  wbr_motor_set_force_feedback(motor, -2.5);
  CHECK_DOUBLE(wb_motor_get_force_feedback(motor), -2.5);
  wbr_motor_set_position_feedback(motor, 0.75);
  CHECK_DOUBLE(wb_position_sensor_get_value(sensor), 0.75);
  wbr_position_sensor_set_value(sensor, 0.5);
  CHECK_DOUBLE(wb_position_sensor_get_value(sensor), 0.5);
  const double where[3] = {1.0, 2.0, 3.0};
  wbr_gps_set_values(gps, where);
  const double *values = wb_gps_get_values(gps);
  CHECK_DOUBLE(values[0], 1.0);
  CHECK_DOUBLE(values[2], 3.0);
  wbr_touch_sensor_set_value(bumper, 1.0);
  CHECK_DOUBLE(wb_touch_sensor_get_value(bumper), 1.0);
  wbr_motor_set_torque_feedback(gps, 1.0); /* not a motor */
  printf("remote values passed\n");
  wb_robot_cleanup();
  return 0;
}
