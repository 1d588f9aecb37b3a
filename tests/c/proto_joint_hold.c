/* wb_supervisor_node_set_joint_position on a joint inside a PROTO, reached from its motor's device
 * (tests/supervisor_proto_joint.rs, Webots' tests/api world supervisor_node_set_joint_position, its arm
 * controller). The arm: a shoulder hinge about y at (0 0 0.5) carrying a 2 kg link, and a GPS 0.4 m out
 * along x. A turn q about y takes (0.4, 0, 0) to (0.4 cos q, 0, -0.4 sin q). Webots' joint sets its
 * motor's target to the new position too, so the motor holds the arm there against gravity. */
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

#define STEP 32
#define Q (-1.55)

int main(void) {
  wb_robot_init();
  const WbDeviceTag gps = wb_robot_get_device("gps");
  const WbDeviceTag sensor = wb_robot_get_device("shoulder_lift_joint_sensor");
  wb_gps_enable(gps, STEP);
  wb_position_sensor_enable(sensor, STEP);
  CHECK(wb_robot_step(STEP) != -1, "step ended the run");
  CHECK_VEC_TOL(wb_gps_get_values(gps), 3, 1e-4, 0.4, 0.0, 0.5);

  const WbNodeRef motor = wb_supervisor_node_get_from_device(wb_robot_get_device("shoulder_lift_joint"));
  CHECK(motor != NULL, "no node for the motor");
  const WbNodeRef joint = wb_supervisor_node_get_parent_node(motor);
  CHECK(joint != NULL && wb_supervisor_node_get_type(joint) == WB_NODE_HINGE_JOINT, "the motor's parent is not the hinge");
  wb_supervisor_node_set_joint_position(joint, Q, 1);
  CHECK(wb_robot_step(STEP) != -1, "step ended the run");
  CHECK_VEC_TOL(wb_gps_get_values(gps), 3, 1e-4, 0.4 * cos(Q), 0.0, 0.5 - 0.4 * sin(Q));
  CHECK(fabs(wb_position_sensor_get_value(sensor) - Q) < 1e-4, "the joint reads %.17g", wb_position_sensor_get_value(sensor));
  /* the controller's own target is what it last asked for (nothing: the initial 0) */
  CHECK_DOUBLE(wb_motor_get_target_position(wb_robot_get_device("shoulder_lift_joint")), 0.0);

  /* a second later the motor still holds it there */
  for (int i = 0; i < 31; ++i)
    CHECK(wb_robot_step(STEP) != -1, "step ended the run");
  CHECK_VEC_TOL(wb_gps_get_values(gps), 3, 1e-4, 0.4 * cos(Q), 0.0, 0.5 - 0.4 * sin(Q));
  printf("proto_joint_hold: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
