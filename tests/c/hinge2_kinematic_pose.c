/* A robot without Physics turns its Hinge2Joint's endPoint with both motors in position control
 * (argv[1], argv[2] rad) and, as its own supervisor, prints after 40 steps of 32 ms the two position
 * sensors' readings and the endPoint's translation and rotation fields:
 * "positions Q1 Q2" and "end point T1 T2 T3 rotation X Y Z A" (6 decimals). */
#include <stdlib.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

int main(int argc, char **argv) {
  CHECK(argc == 3, "usage: hinge2_kinematic_pose Q1 Q2");
  wb_robot_init();
  const char *motors[2] = {"axis1", "axis2"}, *sensors[2] = {"sensor1", "sensor2"};
  WbDeviceTag ps[2];
  for (int i = 0; i < 2; ++i) {
    WbDeviceTag m = wb_robot_get_device(motors[i]);
    ps[i] = wb_robot_get_device(sensors[i]);
    CHECK(m && ps[i], "devices of axis %d", i + 1);
    wb_position_sensor_enable(ps[i], TIME_STEP);
    wb_motor_set_position(m, atof(argv[1 + i]));
  }
  wb_robot_step(40 * TIME_STEP);
  printf("positions %.6f %.6f\n", wb_position_sensor_get_value(ps[0]), wb_position_sensor_get_value(ps[1]));
  WbNodeRef end = wb_supervisor_node_get_from_def("END");
  CHECK(end != NULL, "no END");
  const double *t = wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_field(end, "translation"));
  const double *r = wb_supervisor_field_get_sf_rotation(wb_supervisor_node_get_field(end, "rotation"));
  printf("end point %.6f %.6f %.6f rotation %.6f %.6f %.6f %.6f\n", t[0], t[1], t[2], r[0], r[1], r[2], r[3]);
  wb_robot_cleanup();
  return 0;
}
