/* Webots' vacuum_gripper scenario: a vacuum cup on a slider above a 2 kg box. Off, the cup's lift leaves
 * the box where it is and there is no presence; on, presence at the next step and the box is lifted with
 * the cup by 0.1 m; off again, no presence at the next step and the box falls back where it was
 * (within 5 mm: see the last check). */
#include <webots/motor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/vacuum_gripper.h>

#include "check.h"

#define TIME_STEP 32
#define LIFT 0.1

static void check_at(WbNodeRef node, const double *expected, double tolerance, const char *what) {
  const double *p = wb_supervisor_node_get_position(node);
  for (int k = 0; k < 3; k++)
    CHECK(fabs(p[k] - expected[k]) < tolerance, "%s: the box is at (%g, %g, %g), expected (%g, %g, %g)", what, p[0], p[1], p[2],
          expected[0], expected[1], expected[2]);
}

int main(void) {
  wb_robot_init();
  WbDeviceTag motor = wb_robot_get_device("linear motor");
  WbDeviceTag cup = wb_robot_get_device("vacuum gripper");
  wb_vacuum_gripper_enable_presence(cup, TIME_STEP);
  WbNodeRef box = wb_supervisor_node_get_from_def("OBJECT");
  const double *p = wb_supervisor_node_get_position(box);
  const double start[3] = {p[0], p[1], p[2]};
  const double lifted[3] = {p[0], p[1], p[2] + LIFT};
  wb_robot_step(5 * TIME_STEP);
  wb_motor_set_position(motor, LIFT);
  wb_robot_step(30 * TIME_STEP);
  CHECK(!wb_vacuum_gripper_is_on(cup), "off at start");
  CHECK(!wb_vacuum_gripper_get_presence(cup), "no presence while off");
  CHECK_INT(wb_vacuum_gripper_get_presence_sampling_period(cup), TIME_STEP);
  check_at(box, start, 0.002, "lifting the cup while off");
  wb_motor_set_position(motor, 0);
  wb_robot_step(30 * TIME_STEP);
  wb_vacuum_gripper_turn_on(cup);
  wb_robot_step(TIME_STEP);
  CHECK(wb_vacuum_gripper_is_on(cup), "on");
  CHECK(wb_vacuum_gripper_get_presence(cup), "presence once on, touching the box");
  wb_motor_set_position(motor, LIFT);
  wb_robot_step(50 * TIME_STEP);
  check_at(box, lifted, 0.002, "lifting the cup while on");
  wb_vacuum_gripper_turn_off(cup);
  wb_robot_step(TIME_STEP);
  CHECK(!wb_vacuum_gripper_is_on(cup), "off again");
  CHECK(!wb_vacuum_gripper_get_presence(cup), "the box released at once");
  wb_robot_step(30 * TIME_STEP);
  /* Webots lands it within 2 mm; here the landing moves it 3 mm (COMPATIBILITY.md) */
  check_at(box, start, 0.005, "released");
  printf("vacuum gripper scenario passed\n");
  wb_robot_cleanup();
  return 0;
}
