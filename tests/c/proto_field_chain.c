/* A PROTO built on a PROTO, with an internal instance of that PROTO in its body (tests/supervisor_proto_fields.rs):
 * each field along the IS chains names the instance's parameter behind it (or none), the internal fields refuse
 * writes, an unconnectedField is a writable parameter of its own, and a parameter written reaches every field the
 * chain connects to it and none of the others. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

#define READ_ONLY "Error: wb_supervisor_field_set_sf_float() called on a read-only PROTO internal field.\n"

static WbNodeRef stack, inner;

static WbFieldRef param(const char *name) {
  WbFieldRef f = wb_supervisor_node_get_field(stack, name);
  CHECK(f != NULL, "no parameter %s", name);
  CHECK(wb_supervisor_field_get_actual_field(f) == f, "the parameter %s is not its own actual field", name);
  return f;
}

/* An internal field: its value, the parameter behind it (NULL: none), and a write it refuses. */
static void internal(WbFieldRef f, const char *what, WbFieldRef behind, double value) {
  CHECK(f != NULL, "no field %s", what);
  CHECK_INT(wb_supervisor_field_get_type(f), WB_SF_FLOAT);
  CHECK(wb_supervisor_field_get_actual_field(f) == behind, "%s: wrong actual field", what);
  CHECK(fabs(wb_supervisor_field_get_sf_float(f) - value) < 1e-12, "%s is %g, expected %g", what,
        wb_supervisor_field_get_sf_float(f), value);
  EXPECT_STDERR(READ_ONLY, wb_supervisor_field_set_sf_float(f, value + 100));
}

static void check_chains(double step, double inner_step, double inner_spin) {
  stack = wb_supervisor_node_get_from_def("STACK");
  CHECK(stack != NULL, "no STACK");
  WbFieldRef p_step = param("step"), p_inner_step = param("innerStep"), p_inner_spin = param("innerSpin");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(p_step), step);

  /* the instance's PROTO, and the PROTO it is built on */
  WbProtoRef top = wb_supervisor_node_get_proto(stack);
  CHECK_STR(wb_supervisor_proto_get_type_name(top), "Stack");
  internal(wb_supervisor_proto_get_field(top, "step"), "Stack.step", p_step, step);
  internal(wb_supervisor_proto_get_field(top, "innerSpin"), "Stack.innerSpin", p_inner_spin, inner_spin);
  WbProtoRef base = wb_supervisor_proto_get_parent(top);
  CHECK(base != NULL, "Stack has no parent PROTO");
  CHECK_STR(wb_supervisor_proto_get_type_name(base), "Layer");
  CHECK(wb_supervisor_proto_get_parent(base) == NULL, "Layer is built on a Solid");
  internal(wb_supervisor_proto_get_field(base, "translationStep"), "Layer.translationStep", p_step, step);
  internal(wb_supervisor_proto_get_field(base, "rotationStep"), "Layer.rotationStep (left unset)", NULL, 0.01);
  internal(wb_supervisor_proto_get_field(base, "spin"), "Layer.spin (left unset)", NULL, 0.01);

  /* the Solid at the bottom */
  internal(wb_supervisor_node_get_base_node_field(stack, "translationStep"), "Solid.translationStep", p_step, step);
  internal(wb_supervisor_node_get_base_node_field(stack, "rotationStep"), "Solid.rotationStep", NULL, 0.01);
  internal(wb_supervisor_node_get_base_node_field(stack, "radarCrossSection"), "Solid.radarCrossSection", NULL, 0.25);

  /* the Layer inside Stack's body, its fields set by Stack's other parameters */
  inner = wb_supervisor_node_get_from_proto_def(stack, "INNER");
  CHECK(inner != NULL, "no INNER inside Stack");
  WbProtoRef inner_proto = wb_supervisor_node_get_proto(inner);
  CHECK(inner_proto != NULL, "INNER has no PROTO");
  CHECK_STR(wb_supervisor_proto_get_type_name(inner_proto), "Layer");
  CHECK(wb_supervisor_proto_get_parent(inner_proto) == NULL, "INNER's Layer is built on a Solid");
  internal(wb_supervisor_proto_get_field(inner_proto, "translationStep"), "INNER.translationStep", p_inner_step,
           inner_step);
  internal(wb_supervisor_proto_get_field(inner_proto, "spin"), "INNER.spin", p_inner_spin, inner_spin);
  internal(wb_supervisor_proto_get_field(inner_proto, "rotationStep"), "INNER.rotationStep", NULL, 0.01);
  internal(wb_supervisor_node_get_base_node_field(inner, "translationStep"), "INNER's Solid.translationStep",
           p_inner_step, inner_step);
  internal(wb_supervisor_node_get_base_node_field(inner, "rotationStep"), "INNER's Solid.rotationStep", NULL, 0.01);
}

int main(void) {
  wb_robot_init();
  check_chains(0.01, 0.01, 0.01);
  WbFieldRef spare = param("spare");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(spare), 0.01);
  wb_robot_step(32);

  /* the refused writes changed nothing */
  check_chains(0.01, 0.01, 0.01);

  wb_supervisor_field_set_sf_float(param("step"), 1);
  wb_supervisor_field_set_sf_float(param("innerStep"), 2);
  wb_supervisor_field_set_sf_float(param("innerSpin"), 3);
  EXPECT_STDERR("", wb_supervisor_field_set_sf_float(param("spare"), 4));
  wb_robot_step(32);
  check_chains(1, 2, 3);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(param("spare")), 4);

  printf("proto_field_chain: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
