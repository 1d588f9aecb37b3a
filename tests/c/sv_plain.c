/* Every supervisor function called from a plain Robot controller: Webots' two-line refusal, the
 * documented error value, no effect on the run (tests/supervisor.rs). */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

#define REFUSED(fn, stmt) EXPECT_STDERR(ILLEGAL(#fn), stmt)
#define IS_NULL(call) CHECK((call) == NULL, "%s is not NULL", #call)

int main(void) {
  wb_robot_init();
  CHECK(!wb_robot_get_supervisor(), "a supervisor");
  const double v[4] = {0, 0, 1, 0};

  REFUSED(wb_supervisor_node_get_root, IS_NULL(wb_supervisor_node_get_root()));
  REFUSED(wb_supervisor_node_get_self, IS_NULL(wb_supervisor_node_get_self()));
  REFUSED(wb_supervisor_node_get_from_def, IS_NULL(wb_supervisor_node_get_from_def("BOX")));
  REFUSED(wb_supervisor_node_get_from_def, IS_NULL(wb_supervisor_node_get_from_def(NULL)));
  REFUSED(wb_supervisor_node_get_from_proto_def, IS_NULL(wb_supervisor_node_get_from_proto_def(NULL, "X")));
  REFUSED(wb_supervisor_node_get_from_id, IS_NULL(wb_supervisor_node_get_from_id(1)));
  REFUSED(wb_supervisor_node_get_from_id, IS_NULL(wb_supervisor_node_get_from_id(-1)));
  REFUSED(wb_supervisor_node_get_from_device, IS_NULL(wb_supervisor_node_get_from_device(0)));
  REFUSED(wb_supervisor_node_get_parent_node, IS_NULL(wb_supervisor_node_get_parent_node(NULL)));
  REFUSED(wb_supervisor_node_get_id, CHECK_INT(wb_supervisor_node_get_id(NULL), -1));
  REFUSED(wb_supervisor_node_get_type, CHECK_INT(wb_supervisor_node_get_type(NULL), 0));
  REFUSED(wb_supervisor_node_get_type_name, CHECK_STR(wb_supervisor_node_get_type_name(NULL), ""));
  REFUSED(wb_supervisor_node_get_base_type_name, CHECK_STR(wb_supervisor_node_get_base_type_name(NULL), ""));
  REFUSED(wb_supervisor_node_get_def, CHECK_STR(wb_supervisor_node_get_def(NULL), ""));
  REFUSED(wb_supervisor_node_is_proto, CHECK(!wb_supervisor_node_is_proto(NULL), "is_proto"));
  REFUSED(wb_supervisor_node_get_field, IS_NULL(wb_supervisor_node_get_field(NULL, "translation")));
  REFUSED(wb_supervisor_node_get_field_by_index, IS_NULL(wb_supervisor_node_get_field_by_index(NULL, 0)));
  REFUSED(wb_supervisor_node_get_number_of_fields, CHECK_INT(wb_supervisor_node_get_number_of_fields(NULL), -1));
  REFUSED(wb_supervisor_node_get_base_node_field, IS_NULL(wb_supervisor_node_get_base_node_field(NULL, "x")));
  REFUSED(wb_supervisor_node_get_base_node_field_by_index,
          IS_NULL(wb_supervisor_node_get_base_node_field_by_index(NULL, 0)));
  REFUSED(wb_supervisor_node_get_number_of_base_node_fields,
          CHECK_INT(wb_supervisor_node_get_number_of_base_node_fields(NULL), -1));
  REFUSED(wb_supervisor_node_get_proto_field, IS_NULL(wb_supervisor_node_get_proto_field(NULL, "x")));
  REFUSED(wb_supervisor_node_get_proto_field_by_index, IS_NULL(wb_supervisor_node_get_proto_field_by_index(NULL, 0)));
  REFUSED(wb_supervisor_node_get_proto_number_of_fields,
          CHECK_INT(wb_supervisor_node_get_proto_number_of_fields(NULL), -1));

  REFUSED(wb_supervisor_field_get_type, CHECK_INT(wb_supervisor_field_get_type(NULL), 0));
  REFUSED(wb_supervisor_field_get_type_name, CHECK_STR(wb_supervisor_field_get_type_name(NULL), ""));
  REFUSED(wb_supervisor_field_get_name, CHECK_STR(wb_supervisor_field_get_name(NULL), ""));
  REFUSED(wb_supervisor_field_get_count, CHECK_INT(wb_supervisor_field_get_count(NULL), -1));

  REFUSED(wb_supervisor_field_get_sf_bool, CHECK(!wb_supervisor_field_get_sf_bool(NULL), "bool"));
  REFUSED(wb_supervisor_field_get_sf_int32, CHECK_INT(wb_supervisor_field_get_sf_int32(NULL), 0));
  REFUSED(wb_supervisor_field_get_sf_float, CHECK(wb_supervisor_field_get_sf_float(NULL) == 0.0, "float"));
  REFUSED(wb_supervisor_field_get_sf_vec2f, IS_NULL(wb_supervisor_field_get_sf_vec2f(NULL)));
  REFUSED(wb_supervisor_field_get_sf_vec3f, IS_NULL(wb_supervisor_field_get_sf_vec3f(NULL)));
  REFUSED(wb_supervisor_field_get_sf_rotation, IS_NULL(wb_supervisor_field_get_sf_rotation(NULL)));
  REFUSED(wb_supervisor_field_get_sf_color, IS_NULL(wb_supervisor_field_get_sf_color(NULL)));
  REFUSED(wb_supervisor_field_get_sf_string, CHECK_STR(wb_supervisor_field_get_sf_string(NULL), ""));
  REFUSED(wb_supervisor_field_get_sf_node, IS_NULL(wb_supervisor_field_get_sf_node(NULL)));
  REFUSED(wb_supervisor_field_get_mf_bool, CHECK(!wb_supervisor_field_get_mf_bool(NULL, 0), "bool"));
  REFUSED(wb_supervisor_field_get_mf_int32, CHECK_INT(wb_supervisor_field_get_mf_int32(NULL, 0), 0));
  REFUSED(wb_supervisor_field_get_mf_float, CHECK(wb_supervisor_field_get_mf_float(NULL, 0) == 0.0, "float"));
  REFUSED(wb_supervisor_field_get_mf_vec2f, IS_NULL(wb_supervisor_field_get_mf_vec2f(NULL, 0)));
  REFUSED(wb_supervisor_field_get_mf_vec3f, IS_NULL(wb_supervisor_field_get_mf_vec3f(NULL, 0)));
  REFUSED(wb_supervisor_field_get_mf_rotation, IS_NULL(wb_supervisor_field_get_mf_rotation(NULL, 0)));
  REFUSED(wb_supervisor_field_get_mf_color, IS_NULL(wb_supervisor_field_get_mf_color(NULL, 0)));
  REFUSED(wb_supervisor_field_get_mf_string, CHECK_STR(wb_supervisor_field_get_mf_string(NULL, 0), ""));
  REFUSED(wb_supervisor_field_get_mf_node, IS_NULL(wb_supervisor_field_get_mf_node(NULL, 0)));

  REFUSED(wb_supervisor_field_set_sf_bool, wb_supervisor_field_set_sf_bool(NULL, true));
  REFUSED(wb_supervisor_field_set_sf_int32, wb_supervisor_field_set_sf_int32(NULL, 1));
  REFUSED(wb_supervisor_field_set_sf_float, wb_supervisor_field_set_sf_float(NULL, 1.0));
  REFUSED(wb_supervisor_field_set_sf_vec2f, wb_supervisor_field_set_sf_vec2f(NULL, v));
  REFUSED(wb_supervisor_field_set_sf_vec3f, wb_supervisor_field_set_sf_vec3f(NULL, v));
  REFUSED(wb_supervisor_field_set_sf_rotation, wb_supervisor_field_set_sf_rotation(NULL, v));
  REFUSED(wb_supervisor_field_set_sf_color, wb_supervisor_field_set_sf_color(NULL, v));
  REFUSED(wb_supervisor_field_set_sf_string, wb_supervisor_field_set_sf_string(NULL, "x"));
  REFUSED(wb_supervisor_field_set_mf_bool, wb_supervisor_field_set_mf_bool(NULL, 0, true));
  REFUSED(wb_supervisor_field_set_mf_int32, wb_supervisor_field_set_mf_int32(NULL, 0, 1));
  REFUSED(wb_supervisor_field_set_mf_float, wb_supervisor_field_set_mf_float(NULL, 0, 1.0));
  REFUSED(wb_supervisor_field_set_mf_vec2f, wb_supervisor_field_set_mf_vec2f(NULL, 0, v));
  REFUSED(wb_supervisor_field_set_mf_vec3f, wb_supervisor_field_set_mf_vec3f(NULL, 0, v));
  REFUSED(wb_supervisor_field_set_mf_rotation, wb_supervisor_field_set_mf_rotation(NULL, 0, v));
  REFUSED(wb_supervisor_field_set_mf_color, wb_supervisor_field_set_mf_color(NULL, 0, v));
  REFUSED(wb_supervisor_field_set_mf_string, wb_supervisor_field_set_mf_string(NULL, 0, "x"));
  REFUSED(wb_supervisor_field_insert_mf_bool, wb_supervisor_field_insert_mf_bool(NULL, 0, true));
  REFUSED(wb_supervisor_field_insert_mf_int32, wb_supervisor_field_insert_mf_int32(NULL, 0, 1));
  REFUSED(wb_supervisor_field_insert_mf_float, wb_supervisor_field_insert_mf_float(NULL, 0, 1.0));
  REFUSED(wb_supervisor_field_insert_mf_vec2f, wb_supervisor_field_insert_mf_vec2f(NULL, 0, v));
  REFUSED(wb_supervisor_field_insert_mf_vec3f, wb_supervisor_field_insert_mf_vec3f(NULL, 0, v));
  REFUSED(wb_supervisor_field_insert_mf_rotation, wb_supervisor_field_insert_mf_rotation(NULL, 0, v));
  REFUSED(wb_supervisor_field_insert_mf_color, wb_supervisor_field_insert_mf_color(NULL, 0, v));
  REFUSED(wb_supervisor_field_insert_mf_string, wb_supervisor_field_insert_mf_string(NULL, 0, "x"));
  REFUSED(wb_supervisor_field_remove_mf, wb_supervisor_field_remove_mf(NULL, 0));

  REFUSED(wb_supervisor_node_get_position, CHECK_ALL_NAN(wb_supervisor_node_get_position(NULL), 3));
  REFUSED(wb_supervisor_node_get_orientation, CHECK_ALL_NAN(wb_supervisor_node_get_orientation(NULL), 9));
  REFUSED(wb_supervisor_node_get_pose, CHECK_ALL_NAN(wb_supervisor_node_get_pose(NULL, NULL), 16));

  /* the simulation calls are refused and change nothing; get_mode needs no supervisor */
  REFUSED(wb_supervisor_simulation_quit, wb_supervisor_simulation_quit(5));
  REFUSED(wb_supervisor_simulation_reset, wb_supervisor_simulation_reset());
  REFUSED(wb_supervisor_simulation_reset_physics, wb_supervisor_simulation_reset_physics());
  REFUSED(wb_supervisor_simulation_set_mode, wb_supervisor_simulation_set_mode(WB_SUPERVISOR_SIMULATION_MODE_PAUSE));
  EXPECT_STDERR("", CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST));

  for (int i = 0; i < 3; ++i)
    CHECK(wb_robot_step(32) != -1, "step %d ended the run", i);
  CHECK_INT(wb_supervisor_simulation_get_mode(), WB_SUPERVISOR_SIMULATION_MODE_FAST);
  printf("sv_plain: all checks passed at t=%.3f\n", wb_robot_get_time());
  while (wb_robot_step(32) != -1) {
  }
  printf("sv_plain: the run ended at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
