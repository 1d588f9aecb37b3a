/* Steers and spins a Hinge2Joint (tests/motors.rs): motor "steer" (first axis) to position argv[1],
 * motor "wheel" (second axis) at velocity argv[2], for argv[3] steps. Each step prints
 * "t=<ms> steer=<sensor> wheel=<sensor> R=<9 numbers>", R being DEF TARGET's orientation (row-major). */
#include <math.h>
#include <stdlib.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 4, "usage: hinge2_drive STEER_POSITION WHEEL_VELOCITY STEPS");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag steer = wb_robot_get_device("steer");
  const WbDeviceTag wheel = wb_robot_get_device("wheel");
  const WbDeviceTag steer_sensor = wb_robot_get_device("steer sensor");
  const WbDeviceTag wheel_sensor = wb_robot_get_device("wheel sensor");
  CHECK(steer && wheel && steer_sensor && wheel_sensor, "devices missing");
  const WbNodeRef target = wb_supervisor_node_get_from_def("TARGET");
  CHECK(target != NULL, "no DEF TARGET");
  wb_position_sensor_enable(steer_sensor, step);
  wb_position_sensor_enable(wheel_sensor, step);
  wb_motor_set_position(steer, atof(argv[1]));
  wb_motor_set_position(wheel, INFINITY);
  wb_motor_set_velocity(wheel, atof(argv[2]));
  const int steps = atoi(argv[3]);
  for (int k = 0; k < steps && wb_robot_step(step) != -1; ++k) {
    const double *r = wb_supervisor_node_get_orientation(target);
    printf("t=%.0f steer=%.9f wheel=%.9f R=", wb_robot_get_time() * 1000.0,
           wb_position_sensor_get_value(steer_sensor), wb_position_sensor_get_value(wheel_sensor));
    for (int i = 0; i < 9; ++i)
      printf("%s%.9f", i ? "," : "", r[i]);
    printf("\n");
  }
  wb_robot_cleanup();
  return 0;
}
