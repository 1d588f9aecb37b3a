/* A two-wheeled robot in velocity control (tests/motors.rs builds it): both wheels turn at the given
 * speeds (rad/s) for STEPS steps; the robot, a supervisor, prints its own pose and its encoders each
 * step: "t=<ms> x=<m> y=<m> yaw=<rad> l=<left encoder> r=<right encoder>".
 *   diff_drive LEFT RIGHT STEPS */
#include <stdlib.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 4, "usage: diff_drive LEFT RIGHT STEPS");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag left = wb_robot_get_device("left wheel motor");
  const WbDeviceTag right = wb_robot_get_device("right wheel motor");
  CHECK(left && right, "wheel motors");
  const WbDeviceTag encoders[2] = {wb_motor_get_position_sensor(left), wb_motor_get_position_sensor(right)};
  for (int i = 0; i < 2; ++i) {
    CHECK(encoders[i] != 0, "encoder %d", i);
    wb_position_sensor_enable(encoders[i], step);
  }
  wb_motor_set_position(left, INFINITY);
  wb_motor_set_position(right, INFINITY);
  wb_motor_set_velocity(left, atof(argv[1]));
  wb_motor_set_velocity(right, atof(argv[2]));
  const WbNodeRef self = wb_supervisor_node_get_self();
  const int steps = atoi(argv[3]);
  for (int i = 0; i < steps && wb_robot_step(step) != -1; ++i) {
    const double *p = wb_supervisor_node_get_position(self);
    const double *m = wb_supervisor_node_get_orientation(self);
    printf("t=%.0f x=%.9f y=%.9f z=%.9f yaw=%.9f l=%.9f r=%.9f\n", wb_robot_get_time() * 1000, p[0], p[1], p[2], atan2(m[3], m[0]),
           wb_position_sensor_get_value(encoders[0]), wb_position_sensor_get_value(encoders[1]));
  }
  wb_robot_cleanup();
  return 0;
}
