/* Contact points, static balance, centre of mass and joint positions under gravity (tests/physics.rs):
 * a 0.2 m box resting on a floor touches it at its bottom corners and stands; a light base carrying a
 * heavy arm does not; a pendulum's joint position set by the supervisor places its end point. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

#define STEP 8

int main(void) {
  wb_robot_init();
  const WbNodeRef box = wb_supervisor_node_get_from_def("BOX");
  const WbNodeRef floor_ = wb_supervisor_node_get_from_def("FLOOR");
  const WbNodeRef tippy = wb_supervisor_node_get_from_def("TIPPY");
  const WbNodeRef arm = wb_supervisor_node_get_from_def("TIPPY.ARM");
  const WbNodeRef hinge = wb_supervisor_node_get_from_def("HINGE");
  const WbNodeRef params = wb_supervisor_node_get_from_def("PARAMS");
  const WbNodeRef pose = wb_supervisor_node_get_from_def("POSE");
  CHECK(box && floor_ && tippy && arm && hinge && params && pose, "nodes");
  wb_robot_step(STEP);

  /* the tipping robot: its centre of mass (base 0.1 kg at x = 2, arm 10 kg at x = 2.5) is far beyond its base */
  CHECK(!wb_supervisor_node_get_static_balance(tippy), "the tippy robot stands");
  const double *com = wb_supervisor_node_get_center_of_mass(tippy);
  CHECK_NEAR(com[0], (0.1 * 2.0 + 10 * 2.5) / 10.1, 2e-3);
  EXPECT_STDERR("Warning: wb_supervisor_node_get_static_balance() can exclusively be used with a top Solid\n",
                CHECK(!wb_supervisor_node_get_static_balance(arm), "a child is balanced"));

  for (int k = 0; k < 60; ++k)
    wb_robot_step(STEP);
  int n = -2;
  WbContactPoint *points = wb_supervisor_node_get_contact_points(box, false, &n);
  CHECK(n >= 3 && points, "%d contact points on the resting box", n);
  const int box_id = wb_supervisor_node_get_id(box);
  const double *at = wb_supervisor_node_get_position(box);
  for (int i = 0; i < n; ++i) {
    CHECK(fabs(points[i].point[2]) < 2e-3, "point %d at z = %g", i, points[i].point[2]);
    CHECK(fabs(fabs(points[i].point[0] - at[0]) - 0.1) < 2e-3, "point %d at x = %g", i, points[i].point[0]);
    CHECK_INT(points[i].node_id, box_id);
  }
  /* the same step: the same array */
  int again = 0;
  CHECK(wb_supervisor_node_get_contact_points(box, false, &again) == points && again == n, "cached");
  /* the floor's points are the same contacts, seen from its side */
  int on_floor = 0;
  WbContactPoint *fp = wb_supervisor_node_get_contact_points(floor_, true, &on_floor);
  CHECK(on_floor >= n && fp, "%d points on the floor", on_floor);
  CHECK(wb_supervisor_node_get_static_balance(box), "the resting box stands");
  CHECK_NEAR(wb_supervisor_node_get_center_of_mass(box)[2], 0.1, 2e-3);

  /* deprecated getters: one warning each, then the same points */
  EXPECT_STDERR(
    "Warning: wb_supervisor_node_get_number_of_contact_points() is deprecated, use wb_supervisor_node_get_contact_points() "
    "instead.\n",
    CHECK_INT(wb_supervisor_node_get_number_of_contact_points(box, false), n));
  EXPECT_STDERR("", CHECK_INT(wb_supervisor_node_get_number_of_contact_points(box, false), n));
  EXPECT_STDERR(
    "Warning: wb_supervisor_node_get_contact_point() is deprecated, use wb_supervisor_node_get_contact_points() "
    "instead.\n",
    CHECK(fabs(wb_supervisor_node_get_contact_point(box, 0)[2]) < 2e-3, "point 0"));
  CHECK_ALL_NAN(wb_supervisor_node_get_contact_point(box, n), 3);
  EXPECT_STDERR(
    "Warning: wb_supervisor_node_get_contact_point_node() is deprecated, use wb_supervisor_node_get_contact_points() "
    "instead.\n",
    CHECK(wb_supervisor_node_get_contact_point_node(box, 0) == box, "point 0's node"));
  CHECK(wb_supervisor_node_get_contact_point_node(box, n) == NULL, "past the end");

  /* not a Solid */
  int none = 0;
  EXPECT_STDERR("Warning: wb_supervisor_node_get_number_of_contact_points() and wb_supervisor_node_get_contact_point() "
                "can exclusively be used with a Solid\n",
                CHECK(wb_supervisor_node_get_contact_points(pose, false, &none) == NULL && none == -1, "pose"));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_contact_points"),
                CHECK(wb_supervisor_node_get_contact_points(NULL, false, &none) == NULL && none == -1,
                      "NULL (size left as it was)"));
  EXPECT_STDERR("Error: wb_supervisor_node_enable_contact_points_tracking() called with negative sampling period.\n",
                wb_supervisor_node_enable_contact_points_tracking(box, -1, false));
  EXPECT_STDERR("", wb_supervisor_node_enable_contact_points_tracking(box, STEP, true));
  EXPECT_STDERR("", wb_supervisor_node_disable_contact_points_tracking(box));

  /* a joint position set by the supervisor: the pendulum's end point is placed there, at rest */
  wb_supervisor_node_set_joint_position(hinge, 0.5, 1);
  const WbFieldRef position = wb_supervisor_node_get_field(params, "position");
  CHECK_NEAR(wb_supervisor_field_get_sf_float(position), 0.5, 1e-12);
  const double *bob = wb_supervisor_node_get_position(wb_supervisor_node_get_from_def("BOB"));
  /* the bob hangs 1 m below the anchor at (0, 5, 2), turned 0.5 rad about y */
  CHECK_NEAR(bob[0], -sin(0.5), 1e-9);
  CHECK_NEAR(bob[2], 2 - cos(0.5), 1e-9);
  wb_robot_step(STEP);
  CHECK_NEAR(wb_supervisor_field_get_sf_float(position), 0.5, 5e-3);
  /* beyond the stops: clamped, with Webots' warning (the runner's) */
  wb_supervisor_node_set_joint_position(hinge, 2.0, 1);
  CHECK_NEAR(wb_supervisor_field_get_sf_float(position), 1.0, 1e-12);
  EXPECT_STDERR("Error: wb_supervisor_node_set_joint_position() called with an invalid 'index'. SliderJoint and "
                "HingeJoint only support index 1.\n",
                wb_supervisor_node_set_joint_position(hinge, 0.1, 2));
  EXPECT_STDERR("Error: wb_supervisor_node_set_joint_position() called with an invalid 'index'. Only values greater "
                "than or equal to 1 are supported.\n",
                wb_supervisor_node_set_joint_position(hinge, 0.1, 0));
  EXPECT_STDERR("Error: wb_supervisor_node_set_joint_position() called with a 'node' argument which is not a joint "
                "node.\n",
                wb_supervisor_node_set_joint_position(box, 0.1, 1));
  printf("contact checks passed\n");
  wb_robot_cleanup();
  return 0;
}
