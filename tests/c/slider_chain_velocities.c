/* Webots' supervisor_get_velocity_with_joints scenario (tests/supervisor_velocity_joints.rs): two slider
 * motors driven at constant speeds along z and x stack their speeds; a supervisor reads each Solid's
 * velocity: the heavy robot body stays still, the first endPoint moves along z, the second along x and z,
 * and a Solid fixed in the second endPoint moves with it. */
#include <math.h>
#include <stdio.h>
#include <webots/motor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define STEP 32

static void print_velocity(const char *def) {
  WbNodeRef node = wb_supervisor_node_get_from_def(def);
  CHECK(node != NULL, "DEF %s not found", def);
  const double *v = wb_supervisor_node_get_velocity(node);
  printf("%s %.5f %.5f %.5f %.5f %.5f %.5f\n", def, v[0], v[1], v[2], v[3], v[4], v[5]);
}

int main(void) {
  wb_robot_init();
  WbDeviceTag along_z = wb_robot_get_device("linear motor");
  WbDeviceTag along_x = wb_robot_get_device("linear motor 2");
  wb_motor_set_position(along_z, INFINITY);
  wb_motor_set_position(along_x, INFINITY);
  wb_motor_set_velocity(along_z, 0.1);
  wb_motor_set_velocity(along_x, 0.15);
  wb_robot_step(20 * STEP);
  print_velocity("DYNAMIC_ROBOT");
  print_velocity("DYNAMIC_SOLID_0");
  print_velocity("DYNAMIC_SOLID_1");
  print_velocity("DYNAMIC_SOLID_2");
  wb_robot_cleanup();
  return 0;
}
