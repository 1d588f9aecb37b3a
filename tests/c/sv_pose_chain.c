/* A Transform at the end of a hinge's endPoint inside a robot turned half a turn about x
 * (tests/supervisor_pose_chain.rs, Webots' tests/api world supervisor_get_position_orientation_pose).
 * Expected values by hand: the robot at (0.1 0 0) turned pi about x; its hinge's endPoint SOLID at
 * (0 0.2 0) turned pi about y; NODE at (0 0 0.3) in SOLID turned pi about z. Rx(pi) Ry(pi) = Rz(pi),
 * so NODE's world orientation is the identity, and its position is (0.1 -0.2 0.3). Relative to SOLID,
 * NODE is Rz(pi) with translation (0 0 0.3). A scale written on NODE stays out of both. */
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

#define CHECK_VEC_NEAR(v, n, ...) CHECK_VEC_TOL(v, n, 1e-6, __VA_ARGS__)

#define IDENTITY3 1, 0, 0, 0, 1, 0, 0, 0, 1
#define NODE_IN_SOLID -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0.3, 0, 0, 0, 1

int main(void) {
  wb_robot_init();
  const WbNodeRef node = wb_supervisor_node_get_from_def("NODE");
  CHECK(node != NULL, "no NODE");
  /* a DEF path walks through the robot's children, the joint and its endPoint */
  CHECK(wb_supervisor_node_get_from_def("ROBOT.JOINT.SOLID.NODE") == node, "ROBOT.JOINT.SOLID.NODE is not NODE");
  const WbNodeRef solid = wb_supervisor_node_get_from_def("ROBOT.JOINT.SOLID");
  CHECK(solid != NULL && solid == wb_supervisor_node_get_from_def("SOLID"), "ROBOT.JOINT.SOLID is not SOLID");

  CHECK_VEC_NEAR(wb_supervisor_node_get_position(node), 3, 0.1, -0.2, 0.3);
  CHECK_VEC_NEAR(wb_supervisor_node_get_orientation(node), 9, IDENTITY3);
  CHECK_VEC_NEAR(wb_supervisor_node_get_pose(node, solid), 16, NODE_IN_SOLID);

  /* a scale written on NODE changes neither its orientation nor its pose */
  const double scale[3] = {2, 3, 4};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(node, "scale"), scale);
  CHECK(wb_robot_step(32) != -1, "step ended the run");
  CHECK_VEC_NEAR(wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_field(node, "scale")), 3, 2, 3, 4);
  CHECK_VEC_NEAR(wb_supervisor_node_get_position(node), 3, 0.1, -0.2, 0.3);
  CHECK_VEC_NEAR(wb_supervisor_node_get_orientation(node), 9, IDENTITY3);
  CHECK_VEC_NEAR(wb_supervisor_node_get_pose(node, solid), 16, NODE_IN_SOLID);

  /* the same pose, tracked relative to SOLID, at every step */
  wb_supervisor_node_enable_pose_tracking(node, 32, solid);
  for (int i = 0; i < 10; ++i) {
    CHECK(wb_robot_step(32) != -1, "step ended the run");
    CHECK_VEC_NEAR(wb_supervisor_node_get_pose(node, solid), 16, NODE_IN_SOLID);
  }
  wb_supervisor_node_disable_pose_tracking(node, solid);
  CHECK(wb_robot_step(32) != -1, "step ended the run");
  CHECK_VEC_NEAR(wb_supervisor_node_get_pose(node, solid), 16, NODE_IN_SOLID);
  printf("sv_pose_chain: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
