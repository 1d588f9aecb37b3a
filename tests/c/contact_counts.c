/* Webots' center_of_mass_and_contact_points, rebuilt (tests/physics.rs gives the world): a robot standing
 * on four cylinder legs (radius 0.015 m, centres at (±0.025, ±0.025)) with a child Solid on a fifth leg
 * under its centre, and a 1 cm box (a Slot's endPoint) lying on its top face. After one step, as Webots
 * checks: ODE's cylinder-plane collider gives 4 points per standing cap, on the rim along the cylinder's own
 * x and y axes; its box-box collider gives the 4 corners of the small box's face. So the robot has 16 + 4
 * points of its own, 4 more with its child's, and the box 4; the robot's point comes first, its child's
 * last. Prints "contact counts checked". */
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

#define CHECK_NEAR(actual, expected, tol) \
  CHECK(fabs((actual) - (expected)) < (tol), "%s is %.9g, expected %.9g", #actual, (actual), (expected))

#define STEP 32
#define LEG_R 0.015
#define LEG_H 0.05

/* whether some point of `p` lies within 1 mm of (x, y, z) */
static int has_point(const WbContactPoint *p, int n, double x, double y, double z) {
  for (int i = 0; i < n; ++i)
    if (fabs(p[i].point[0] - x) < 1e-3 && fabs(p[i].point[1] - y) < 1e-3 && fabs(p[i].point[2] - z) < 1e-3)
      return 1;
  return 0;
}

int main(void) {
  wb_robot_init();
  const WbNodeRef legs = wb_supervisor_node_get_from_def("LEGS");
  const WbNodeRef child = wb_supervisor_node_get_from_def("LEGS.SECONDARY_SOLID");
  const WbNodeRef slot_box = wb_supervisor_node_get_from_def("SLOT_SOLID");
  CHECK(legs && child && slot_box, "nodes");
  wb_robot_step(STEP);

  /* centre of mass with the child: a 0.1 m cube (1 kg at density 1000) and five legs, centred 5 cm below */
  const double leg_mass = 1000 * acos(-1.0) * LEG_R * LEG_R * LEG_H;
  const double below = 5 * leg_mass * 0.05 / (1.0 + 5 * leg_mass);
  const double *at = wb_supervisor_node_get_position(legs);
  const double *com = wb_supervisor_node_get_center_of_mass(legs);
  CHECK_NEAR(com[0], at[0], 1e-6);
  CHECK_NEAR(com[1], at[1], 1e-6);
  CHECK_NEAR(com[2], at[2] - below, 1e-6);

  int own = -1, all = -1, boxed = -1;
  const WbContactPoint *p = wb_supervisor_node_get_contact_points(legs, false, &own);
  CHECK_INT(own, 20);
  for (int i = 0; i < own; ++i)
    CHECK_INT(p[i].node_id, wb_supervisor_node_get_id(legs));
  for (int sx = -1; sx <= 1; sx += 2)
    for (int sy = -1; sy <= 1; sy += 2) {
      const double cx = 0.025 * sx, cy = 0.025 * sy;
      CHECK(has_point(p, own, cx + LEG_R, cy, 0) && has_point(p, own, cx - LEG_R, cy, 0) &&
              has_point(p, own, cx, cy + LEG_R, 0) && has_point(p, own, cx, cy - LEG_R, 0),
            "the rim points of the leg at (%g, %g)", cx, cy);
      CHECK(has_point(p, own, 0.005 * sx, 0.005 * sy, 0.125), "the box's corner (%d, %d)", sx, sy);
    }
  CHECK_INT(wb_supervisor_node_get_number_of_contact_points(legs, false), 20);

  p = wb_supervisor_node_get_contact_points(legs, true, &all);
  CHECK_INT(all, 24);
  CHECK_INT(p[0].node_id, wb_supervisor_node_get_id(legs));
  CHECK_INT(p[all - 1].node_id, wb_supervisor_node_get_id(child));
  for (int i = 0; i < all; ++i)
    if (p[i].node_id == wb_supervisor_node_get_id(child))
      CHECK(fabs(hypot(p[i].point[0], p[i].point[1]) - LEG_R) < 1e-3 && fabs(p[i].point[2]) < 1e-3,
            "the child's point %d at (%g, %g, %g)", i, p[i].point[0], p[i].point[1], p[i].point[2]);
  CHECK_INT(wb_supervisor_node_get_number_of_contact_points(legs, true), 24);
  CHECK(wb_supervisor_node_get_contact_point_node(legs, 0) == legs, "the first point's node");
  CHECK(wb_supervisor_node_get_contact_point_node(legs, 23) == child, "the last point's node");

  wb_supervisor_node_get_contact_points(slot_box, false, &boxed);
  CHECK_INT(boxed, 4);
  CHECK(wb_supervisor_node_get_static_balance(legs), "the robot on its legs stands");
  printf("contact counts checked\n");
  wb_robot_cleanup();
  return 0;
}
