/* Webots' supervisor_reset_physics_hinge_joint test, reproduced: four robots whose wheels motors spin
 * (a plain HingeJoint with a dynamic wheel, the same robot as a PROTO and as a PROTO nested in another,
 * whose wheel's rotation the PROTOs give as their "hingeRotation" parameter, and a Hinge2Joint whose
 * wheel has no Physics); their controllers ask for 0 rad/s after 1.6 s and exit, so at 2.3 s the motors
 * are still slowing down. wb_supervisor_node_reset_physics on each robot stops its wheels: one step
 * later every wheel's rotation is where the reset found it (within 0.01 rad). */
#include <math.h>
#include <string.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32
#define ROBOTS 4

/* the angle between two axis-angle rotations */
static double rotation_gap(const double *a, const double *b) {
  double qa[4] = {cos(a[3] / 2), a[0] * sin(a[3] / 2), a[1] * sin(a[3] / 2), a[2] * sin(a[3] / 2)};
  double qb[4] = {cos(b[3] / 2), b[0] * sin(b[3] / 2), b[1] * sin(b[3] / 2), b[2] * sin(b[3] / 2)};
  double d = 0;
  for (int i = 0; i < 4; ++i)
    d += qa[i] * qb[i];
  d = fabs(d) > 1 ? 1 : fabs(d);
  return 2 * acos(d);
}

static WbFieldRef end_point_rotation(WbNodeRef robot) {
  WbNodeRef joint = wb_supervisor_field_get_mf_node(wb_supervisor_node_get_field(robot, "children"), 1);
  WbNodeRef wheel = wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(joint, "endPoint"));
  return wb_supervisor_node_get_field(wheel, "rotation");
}

int main(void) {
  wb_robot_init();
  const char *defs[ROBOTS] = {"TESTBOT", "PROTOTESTBOT", "NESTEDTESTBOT", "HINGE2TESTBOT"};
  WbNodeRef robots[ROBOTS];
  WbFieldRef rotations[ROBOTS];
  for (int i = 0; i < ROBOTS; ++i) {
    robots[i] = wb_supervisor_node_get_from_def(defs[i]);
    CHECK(robots[i] != NULL, "no %s", defs[i]);
    const int proto = i == 1 || i == 2;
    rotations[i] = proto ? wb_supervisor_node_get_field(robots[i], "hingeRotation") : end_point_rotation(robots[i]);
    CHECK(rotations[i] != NULL, "no rotation field for %s", defs[i]);
  }
  double before[ROBOTS][4];
  for (int i = 0; i < ROBOTS; ++i)
    memcpy(before[i], wb_supervisor_field_get_sf_rotation(rotations[i]), sizeof(before[i]));
  wb_robot_step(2 * TIME_STEP);
  for (int i = 0; i < ROBOTS; ++i) {
    const double *now = wb_supervisor_field_get_sf_rotation(rotations[i]);
    CHECK(now[3] > before[i][3], "%s's wheel does not turn: angle %g then %g", defs[i], before[i][3], now[3]);
  }
  wb_robot_step(70 * TIME_STEP);
  for (int i = 0; i < ROBOTS; ++i)
    wb_supervisor_node_reset_physics(robots[i]);
  double at_reset[ROBOTS][4];
  for (int i = 0; i < ROBOTS; ++i)
    memcpy(at_reset[i], wb_supervisor_field_get_sf_rotation(rotations[i]), sizeof(at_reset[i]));
  wb_robot_step(TIME_STEP);
  for (int i = 0; i < ROBOTS; ++i) {
    const double gap = rotation_gap(wb_supervisor_field_get_sf_rotation(rotations[i]), at_reset[i]);
    printf("%s turned %.4f rad in the step after the reset\n", defs[i], gap);
    CHECK(gap < 0.01, "%s's wheel still turns after the reset (%g rad in a step)", defs[i], gap);
  }
  printf("reset physics hinge test passed\n");
  wb_robot_cleanup();
  return 0;
}
