/* A supervisor that is a PROTO instance reads its own parameters (Webots' supervisor_internal_field
 * scenario, tests/supervisor_proto_internals.rs): a field and a hiddenField are parameters, found by
 * wb_supervisor_node_get_field; a field of the PROTO's body is not (only get_proto_field reaches it);
 * a DEF inside the body is found by get_from_proto_def only, and the instance's DEF is the instance's
 * even when the body's root carries the same DEF name. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  wb_robot_step(32);

  WbNodeRef bot = wb_supervisor_node_get_from_def("BOT");
  CHECK(bot != NULL, "the instance's DEF BOT is not found");
  CHECK(bot == wb_supervisor_node_get_self(), "DEF BOT is not the instance this controller runs in");
  CHECK_STR(wb_supervisor_node_get_type_name(bot), "Sealed");

  WbFieldRef translation = wb_supervisor_node_get_field(bot, "translation");
  CHECK(translation != NULL, "the field parameter 'translation' is not found");
  CHECK_VEC_TOL(wb_supervisor_field_get_sf_vec3f(translation), 3, 1e-12, 0.5, 0, 0.25);

  WbFieldRef rotation = wb_supervisor_node_get_field(bot, "rotation");
  CHECK(rotation != NULL, "the hiddenField parameter 'rotation' is not found");
  CHECK_VEC_TOL(wb_supervisor_field_get_sf_rotation(rotation), 4, 1e-12, 0, 0, 1, 0.5);

  CHECK(wb_supervisor_node_get_field(bot, "name") == NULL, "the body's 'name' is found as a parameter");
  /* Webots' check: a field neither a parameter nor of the body's node is not found either */
  CHECK(wb_supervisor_node_get_field(bot, "scale") == NULL, "'scale' is found");
  WbFieldRef name = wb_supervisor_node_get_proto_field(bot, "name");
  CHECK(name != NULL, "the body's 'name' is not found as a PROTO field");
  CHECK_STR(wb_supervisor_field_get_sf_string(name), "sealed");

  CHECK(wb_supervisor_node_get_from_def("HIDDEN_PART") == NULL, "a DEF inside the PROTO body is found by get_from_def");
  WbNodeRef part = wb_supervisor_node_get_from_proto_def(bot, "HIDDEN_PART");
  CHECK(part != NULL, "the body's DEF HIDDEN_PART is not found by get_from_proto_def");
  CHECK_STR(wb_supervisor_node_get_type_name(part), "Solid");

  /* the hidden parameter drives the body: a quarter turn about z written to it turns the robot */
  const double quarter[4] = {0, 0, 1, 1.5707963267948966};
  wb_supervisor_field_set_sf_rotation(rotation, quarter);
  wb_robot_step(32);
  const double *r = wb_supervisor_node_get_orientation(bot);
  /* R(z, pi/2): x goes to y */
  CHECK_VEC_TOL(r, 9, 1e-9, 0, -1, 0, 1, 0, 0, 0, 0, 1);

  printf("proto_hidden_fields: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
