/* Coupled motors, kinematic joints and soft limits (tests/motors.rs builds a world without physics):
 * "x::a" (multiplier 5) and "x::b" (multiplier -5) are coupled, "x" is not; a set_position on "x::a"
 * shows in "x::b"'s cache at once and moves both joints; "x" moves kinematically toward its target and
 * prints its position, its sensor and its endPoint's rotation each step ("t=.. p=.. ps=.. angle=..");
 * "limited" had its soft limits widened to its joint's initial position. */
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

static double field_float(const char *def, const char *field) {
  WbNodeRef node = wb_supervisor_node_get_from_def(def);
  CHECK(node != NULL, "no DEF %s", def);
  return wb_supervisor_field_get_sf_float(wb_supervisor_node_get_field(node, field));
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag a = wb_robot_get_device("x::a"), b = wb_robot_get_device("x::b"), x = wb_robot_get_device("x");
  const WbDeviceTag limited = wb_robot_get_device("limited");
  CHECK(a && b && x && limited, "motors");

  /* soft limits [-0.1, 0.1] around a joint at -0.2 become [-0.2, 0.1] */
  CHECK_DOUBLE(wb_motor_get_min_position(limited), -0.2);
  CHECK_DOUBLE(wb_motor_get_max_position(limited), 0.1);
  CHECK_DOUBLE(wb_motor_get_target_position(limited), -0.2);

  CHECK_DOUBLE(wb_motor_get_multiplier(a), 5.0);
  CHECK_DOUBLE(wb_motor_get_multiplier(b), -5.0);
  /* the sibling's cache mirrors at once, multiplied by its own multiplier */
  wb_motor_set_velocity(a, 1.0);
  CHECK_DOUBLE(wb_motor_get_velocity(a), 1.0);
  CHECK_DOUBLE(wb_motor_get_velocity(b), -5.0);
  wb_motor_set_position(a, 0.1);
  CHECK_DOUBLE(wb_motor_get_target_position(a), 0.1);
  CHECK_DOUBLE(wb_motor_get_target_position(b), -0.5);
  /* an uncoupled motor keeps its own */
  CHECK_DOUBLE(wb_motor_get_target_position(x), 0.0);

  wb_motor_set_velocity(x, 2.0);
  wb_motor_set_position(x, 1.0);
  const WbDeviceTag ps = wb_motor_get_position_sensor(x);
  wb_position_sensor_enable(ps, step);
  for (int i = 0; i < 40; ++i) {
    wb_robot_step(step);
    const WbNodeRef end = wb_supervisor_node_get_from_def("EX");
    const double *r = wb_supervisor_field_get_sf_rotation(wb_supervisor_node_get_field(end, "rotation"));
    printf("t=%.0f p=%.12f ps=%.12f angle=%.12f\n", wb_robot_get_time() * 1000, field_float("PX", "position"),
           wb_position_sensor_get_value(ps), r[2] * r[3]);
  }
  /* the world relayed the raw 0.1 to both: each joint went to 0.1 times its own multiplier */
  CHECK(fabs(field_float("PA", "position") - 0.5) < 1e-9, "x::a at %.12f", field_float("PA", "position"));
  CHECK(fabs(field_float("PB", "position") + 0.5) < 1e-9, "x::b at %.12f", field_float("PB", "position"));
  printf("coupled checks passed\n");
  wb_robot_cleanup();
  return 0;
}
