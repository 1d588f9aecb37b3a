/* Nested frames through a reset (Webots' supervisor_reset_transform scenario,
 * tests/supervisor_reset_nested.rs): three outer Poses, each with an inner node 1 m above it (a Pose, a
 * Solid, and a Solid under a Pose inside a Group). Moving an outer frame carries its inner node; a
 * simulation reset brings both back to the world file's places; moving again after the reset carries the
 * inner node again; so does a move after saving the state, which changes nothing by itself; loading
 * that state brings both back to where they were saved. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define STEP 8

static WbNodeRef outer[3], inner[3];
static WbFieldRef outer_translation[3];

/* outer i at (2i, 0, z), its inner node at (2i, 0, z + 1) */
static void expect_at(const char *when, double z) {
  for (int i = 0; i < 3; ++i) {
    const double *o = wb_supervisor_node_get_position(outer[i]);
    const double *n = wb_supervisor_node_get_position(inner[i]);
    CHECK(o && n, "%s: no position for case %d", when, i);
    for (int k = 0; k < 3; ++k) {
      const double eo[3] = {2.0 * i, 0, z}, en[3] = {2.0 * i, 0, z + 1};
      CHECK(fabs(o[k] - eo[k]) < 1e-8, "%s: outer %d [%d] is %.17g, expected %g", when, i, k, o[k], eo[k]);
      CHECK(fabs(n[k] - en[k]) < 1e-8, "%s: inner %d [%d] is %.17g, expected %g", when, i, k, n[k], en[k]);
    }
  }
  printf("%s: outer frames at z=%g, inner nodes at z=%g\n", when, z, z + 1);
}

static void move_outer_to(double z) {
  for (int i = 0; i < 3; ++i) {
    const double t[3] = {2.0 * i, 0, z};
    wb_supervisor_field_set_sf_vec3f(outer_translation[i], t);
  }
}

int main(void) {
  wb_robot_init();
  const char *outer_defs[3] = {"OUT_A", "OUT_B", "OUT_C"}, *inner_defs[3] = {"IN_A", "IN_B", "IN_C"};
  for (int i = 0; i < 3; ++i) {
    outer[i] = wb_supervisor_node_get_from_def(outer_defs[i]);
    inner[i] = wb_supervisor_node_get_from_def(inner_defs[i]);
    CHECK(outer[i] && inner[i], "case %d: DEF not found", i);
    outer_translation[i] = wb_supervisor_node_get_field(outer[i], "translation");
  }

  expect_at("start", 0);
  move_outer_to(5);
  wb_robot_step(STEP);
  expect_at("moved", 5);

  wb_supervisor_simulation_reset();
  wb_robot_step(STEP);
  expect_at("reset", 0);

  move_outer_to(5);
  wb_robot_step(STEP);
  expect_at("moved after the reset", 5);

  for (int i = 0; i < 3; ++i)
    wb_supervisor_node_save_state(outer[i], "midway");
  move_outer_to(10);
  wb_robot_step(STEP);
  expect_at("moved after a save", 10);

  for (int i = 0; i < 3; ++i)
    wb_supervisor_node_load_state(outer[i], "midway");
  wb_robot_step(STEP);
  expect_at("saved state loaded", 5);

  wb_robot_cleanup();
  return 0;
}
