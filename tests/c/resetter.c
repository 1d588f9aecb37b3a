/* A supervisor that changes the world, then resets it: moves and turns DEF MOVER, changes the range and
 * channel of DEF EM (an emitter) and the lookup table of DEF COMPASS, steps, calls
 * wb_supervisor_simulation_reset, steps, and checks everything is back as loaded (time included). */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

static WbFieldRef field(const char *def, const char *name) {
  WbNodeRef node = wb_supervisor_node_get_from_def(def);
  CHECK(node != NULL, "no node %s", def);
  WbFieldRef f = wb_supervisor_node_get_field(node, name);
  CHECK(f != NULL, "no field %s.%s", def, name);
  return f;
}

int main(void) {
  wb_robot_init();
  WbFieldRef translation = field("MOVER", "translation");
  WbFieldRef rotation = field("MOVER", "rotation");
  WbFieldRef range = field("EM", "range");
  WbFieldRef channel = field("EM", "channel");
  WbFieldRef table = field("COMPASS", "lookupTable");
  const double *t0 = wb_supervisor_field_get_sf_vec3f(translation);
  double start[3] = {t0[0], t0[1], t0[2]};
  double start_range = wb_supervisor_field_get_sf_float(range);
  int start_channel = wb_supervisor_field_get_sf_int32(channel);
  int start_rows = wb_supervisor_field_get_count(table);

  wb_robot_step(32);
  const double moved[3] = {5, 6, 0};
  const double turned[4] = {0, 0, 1, 1.5708};
  const double row[3] = {2, 2, 0};
  wb_supervisor_field_set_sf_vec3f(translation, moved);
  wb_supervisor_field_set_sf_rotation(rotation, turned);
  wb_supervisor_field_set_sf_float(range, 7.5);
  wb_supervisor_field_set_sf_int32(channel, 9);
  wb_supervisor_field_insert_mf_vec3f(table, -1, row);
  wb_robot_step(32);
  wb_robot_step(32);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_vec3f(translation)[0], 5.0);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(range), 7.5);
  CHECK_INT(wb_supervisor_field_get_sf_int32(channel), 9);
  CHECK_INT(wb_supervisor_field_get_count(table), start_rows + 1);
  const double *p = wb_supervisor_node_get_position(wb_supervisor_node_get_from_def("MOVER"));
  CHECK_DOUBLE(p[0], 5.0);
  printf("changed at t=%.0f\n", wb_robot_get_time() * 1000);

  wb_supervisor_simulation_reset();
  wb_robot_step(32);
  printf("after reset t=%.0f\n", wb_robot_get_time() * 1000);
  const double *t = wb_supervisor_field_get_sf_vec3f(translation);
  CHECK_DOUBLE(t[0], start[0]);
  CHECK_DOUBLE(t[1], start[1]);
  CHECK_DOUBLE(t[2], start[2]);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_rotation(rotation)[3], 0.0);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(range), start_range);
  CHECK_INT(wb_supervisor_field_get_sf_int32(channel), start_channel);
  CHECK_INT(wb_supervisor_field_get_count(table), start_rows);
  p = wb_supervisor_node_get_position(wb_supervisor_node_get_from_def("MOVER"));
  CHECK_DOUBLE(p[0], start[0]);
  printf("reset checked\n");
  wb_robot_cleanup();
  return 0;
}
