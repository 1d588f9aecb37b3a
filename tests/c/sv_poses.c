/* Supervisor positions, orientations and poses (tests/supervisor.rs, world SV_WORLD). Expected values
 * by hand: BOX at (1 2 3) turned 90 deg about z; ARM 1 m along BOX's x, turned 90 deg about its x;
 * TIP 1 m along ARM's y; SCALED 1 m along ARM's z with scale (2 3 4); SCALED_TIP at (1 1 1) in it. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

#define RZ90 0, -1, 0, 1, 0, 0, 0, 0, 1
#define RZ90_RX90 0, 0, 1, 1, 0, 0, 0, 1, 0
#define IDENTITY3 1, 0, 0, 0, 1, 0, 0, 0, 1

static WbNodeRef def(const char *name) {
  WbNodeRef n = wb_supervisor_node_get_from_def(name);
  CHECK(n != NULL, "no %s", name);
  return n;
}

int main(void) {
  wb_robot_init();
  WbNodeRef box = def("BOX"), arm = def("ARM"), tip = def("TIP"), scaled = def("SCALED"), scaled_tip = def("SCALED_TIP");
  WbNodeRef mat = def("MAT"), app = def("APP"), can = def("CAN");

  CHECK_VEC(wb_supervisor_node_get_position(box), 3, 1, 2, 3);
  CHECK_VEC(wb_supervisor_node_get_orientation(box), 9, RZ90);
  CHECK_VEC(wb_supervisor_node_get_position(arm), 3, 1, 3, 3);
  CHECK_VEC(wb_supervisor_node_get_orientation(arm), 9, RZ90_RX90);
  CHECK_VEC(wb_supervisor_node_get_position(tip), 3, 1, 3, 4);
  CHECK_VEC(wb_supervisor_node_get_orientation(tip), 9, RZ90_RX90);
  /* a scale moves what is inside, and stays out of orientations */
  CHECK_VEC(wb_supervisor_node_get_position(scaled), 3, 2, 3, 3);
  CHECK_VEC(wb_supervisor_node_get_orientation(scaled), 9, RZ90_RX90);
  CHECK_VEC(wb_supervisor_node_get_position(scaled_tip), 3, 6, 5, 6);
  CHECK_VEC(wb_supervisor_node_get_orientation(scaled_tip), 9, RZ90_RX90);
  CHECK_VEC(wb_supervisor_node_get_position(can), 3, 0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_orientation(can), 9, IDENTITY3);
  CHECK_VEC(wb_supervisor_node_get_position(wb_supervisor_node_get_self()), 3, 0, 0, 0);

  /* 4x4 row-major poses: world frame, relative frames both ways, a frame to itself */
  CHECK_VEC(wb_supervisor_node_get_pose(tip, NULL), 16, 0, 0, 1, 1, 1, 0, 0, 3, 0, 1, 0, 4, 0, 0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(tip, box), 16, 1, 0, 0, 1, 0, 0, -1, 0, 0, 1, 0, 1, 0, 0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(box, tip), 16, 1, 0, 0, -1, 0, 0, 1, -1, 0, -1, 0, 0, 0, 0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(tip, tip), 16, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(scaled_tip, scaled), 16, 1, 0, 0, 2, 0, 1, 0, 3, 0, 0, 1, 4, 0, 0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(can, box), 16, 0, 1, 0, -2, -1, 0, 0, 1, 0, 0, 1, -2, 0, 0, 0, 1);
  /* a from_node without a frame (the root, a Material) is the world */
  CHECK_VEC(wb_supervisor_node_get_pose(tip, wb_supervisor_node_get_root()), 16, 0, 0, 1, 1, 1, 0, 0, 3, 0, 1, 0, 4, 0,
            0, 0, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(box, mat), 16, 0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1);
  /* one buffer for every pose; a node without a frame leaves it as it was */
  const double *pose = wb_supervisor_node_get_pose(tip, NULL);
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_pose(mat, NULL) == pose, "another pose buffer"));
  CHECK_VEC(pose, 16, 0, 0, 1, 1, 1, 0, 0, 3, 0, 1, 0, 4, 0, 0, 0, 1);

  /* nodes without a frame: NaN, and no message from the library */
  EXPECT_STDERR("", CHECK_ALL_NAN(wb_supervisor_node_get_position(mat), 3));
  EXPECT_STDERR("", CHECK_ALL_NAN(wb_supervisor_node_get_orientation(mat), 9));
  EXPECT_STDERR("", CHECK_ALL_NAN(wb_supervisor_node_get_position(app), 3));
  EXPECT_STDERR("", CHECK_ALL_NAN(wb_supervisor_node_get_position(wb_supervisor_node_get_root()), 3));

  /* invalid nodes */
  int local = 0;
  WbNodeRef foreign = (WbNodeRef)&local;
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_position"), CHECK_ALL_NAN(wb_supervisor_node_get_position(NULL), 3));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_orientation"),
                CHECK_ALL_NAN(wb_supervisor_node_get_orientation(foreign), 9));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_pose"), CHECK_ALL_NAN(wb_supervisor_node_get_pose(NULL, NULL), 16));
  EXPECT_STDERR("Error: wb_supervisor_node_get_pose() called with a NULL or invalid 'from_node' argument.\n",
                CHECK_ALL_NAN(wb_supervisor_node_get_pose(tip, foreign), 16));
  EXPECT_STDERR("Error: wb_supervisor_node_get_pose() called with a NULL or invalid 'from_node' argument.\n",
                CHECK_ALL_NAN(wb_supervisor_node_get_pose(foreign, foreign), 16));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_pose"),
                CHECK_ALL_NAN(wb_supervisor_node_get_pose((WbNodeRef)wb_supervisor_node_get_field(box, "translation"), box),
                              16));

  /* a moved parent moves the children at the next step */
  const double to[3] = {0, 0, 0};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(box, "translation"), to);
  CHECK_VEC(wb_supervisor_node_get_position(tip), 3, 1, 3, 4);
  CHECK(wb_robot_step(32) != -1, "step ended the run");
  CHECK_VEC(wb_supervisor_node_get_position(tip), 3, 0, 1, 1);
  CHECK_VEC(wb_supervisor_node_get_pose(tip, box), 16, 1, 0, 0, 1, 0, 0, -1, 0, 0, 1, 0, 1, 0, 0, 0, 1);
  /* between step_begin and step_end there is no round trip: a warning, and the last known values */
  wb_robot_step_begin(32);
  const double *position = NULL;
  EXPECT_STDERR("Warning: wb_supervisor_node_get_position(): functions with immediate requests to Webots cannot be "
                "implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n",
                position = wb_supervisor_node_get_position(tip));
  CHECK_VEC(position, 3, 0, 1, 1);
  EXPECT_STDERR("Warning: wb_supervisor_node_get_orientation(): functions with immediate requests to Webots cannot be "
                "implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n",
                CHECK_ALL_NAN(wb_supervisor_node_get_orientation(wb_supervisor_node_get_self()), 9));
  CHECK(wb_robot_step_end() != -1, "step_end ended the run");
  CHECK_VEC(wb_supervisor_node_get_orientation(wb_supervisor_node_get_self()), 9, IDENTITY3);
  printf("sv_poses: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
