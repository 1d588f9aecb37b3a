/* A supervisor that turns a robot: argv = DEF name, step at which to turn, then the rotation (axis x y z
 * and angle). Prints the robot's rotation field and orientation matrix before and after. Steps 6 times. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 7, "usage: turner DEF STEP X Y Z ANGLE");
  wb_robot_init();
  WbNodeRef robot = wb_supervisor_node_get_from_def(argv[1]);
  CHECK(robot != NULL, "no node %s", argv[1]);
  WbFieldRef rotation = wb_supervisor_node_get_field(robot, "rotation");
  CHECK(rotation != NULL, "no rotation field");
  int at = atoi(argv[2]);
  double r[4] = {atof(argv[3]), atof(argv[4]), atof(argv[5]), atof(argv[6])};
  for (int step = 1; step <= 6; step++) {
    if (step == at) {
      wb_supervisor_field_set_sf_rotation(rotation, r);
      /* a getter right after a setter reads the value about to be written */
      const double *back = wb_supervisor_field_get_sf_rotation(rotation);
      CHECK_DOUBLE(back[3], r[3]);
      /* the world still has the old orientation until the step */
      const double *m = wb_supervisor_node_get_orientation(robot);
      printf("set at t=%.0f, orientation still %.3f %.3f %.3f\n", wb_robot_get_time() * 1000, m[0] + 0.0, m[1] + 0.0,
             m[2] + 0.0);
    }
    wb_robot_step(32);
  }
  const double *m = wb_supervisor_node_get_orientation(robot);
  double o[9];
  for (int i = 0; i < 9; i++)
    o[i] = m[i] + 0.0; /* no "-0.000" */
  printf("orientation %.3f %.3f %.3f / %.3f %.3f %.3f / %.3f %.3f %.3f\n", o[0], o[1], o[2], o[3], o[4], o[5], o[6],
         o[7], o[8]);
  wb_robot_cleanup();
  return 0;
}
