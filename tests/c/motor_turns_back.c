/* Webots' motorN_velocity sequence (tests/motor_turns.rs), for every argument NAME@V in turn: run motor
 * NAME 100 steps at V·|cos(2πi/100)| rad/s in velocity control, print its position sensor and
 * the endPoint's inertial unit ("turned <motor> <position> q <x y z w> rpy <roll pitch yaw>"), then send
 * it back to where it started at V rad/s and print where it stopped ("back <motor> <start> <end>
 * <last change>", the last change being between the last two steps). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <webots/inertial_unit.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

static void turn_and_return(WbDeviceTag motor, double max_velocity, const char *name, int step) {
  const WbDeviceTag unit = wb_robot_get_device("inertial unit");
  const WbDeviceTag sensor = wb_motor_get_position_sensor(motor);
  CHECK(unit && sensor, "%s: no inertial unit or position sensor", name);
  wb_inertial_unit_enable(unit, step);
  wb_position_sensor_enable(sensor, step);
  wb_robot_step(step);
  const double start = wb_position_sensor_get_value(sensor);
  wb_motor_set_position(motor, INFINITY);
  wb_motor_set_velocity(motor, 0.0);
  for (int i = 0; i < 100; ++i) {
    wb_motor_set_velocity(motor, max_velocity * fabs(cos(i * 2.0 * 3.14159265358979323846 / 100.0)));
    wb_robot_step(step);
  }
  double position = wb_position_sensor_get_value(sensor);
  const double *q = wb_inertial_unit_get_quaternion(unit);
  const double *rpy = wb_inertial_unit_get_roll_pitch_yaw(unit);
  printf("turned %s %.9f q %.9f %.9f %.9f %.9f rpy %.9f %.9f %.9f\n", name, position, q[0], q[1], q[2], q[3], rpy[0],
         rpy[1], rpy[2]);
  wb_motor_set_position(motor, start);
  wb_motor_set_velocity(motor, max_velocity);
  double previous = position, before = position;
  for (int i = 0; i < 400; ++i) {
    wb_robot_step(step);
    before = previous;
    previous = position;
    position = wb_position_sensor_get_value(sensor);
    if (fabs(position - previous) < 1e-6 && fabs(previous - before) < 1e-6)
      break;
  }
  printf("back %s %.9f %.9f %.3g\n", name, start, position, fabs(position - previous));
}

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: motor_turns_back NAME@VELOCITY...");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  double velocities[16];
  CHECK(argc <= 17, "at most 16 motors");
  for (int k = 1; k < argc; ++k) {
    char *at = strchr(argv[k], '@');
    CHECK(at != NULL, "argument %s is not NAME@VELOCITY", argv[k]);
    *at = '\0';
    velocities[k - 1] = atof(at + 1);
    const WbDeviceTag motor = wb_robot_get_device(argv[k]);
    CHECK(motor, "no motor %s", argv[k]);
    wb_motor_set_position(motor, 0.0);
  }
  for (int k = 1; k < argc; ++k)
    turn_and_return(wb_robot_get_device(argv[k]), velocities[k - 1], argv[k], step);
  wb_robot_cleanup();
  return 0;
}
