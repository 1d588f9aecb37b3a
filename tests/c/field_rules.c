/* Field handles as Webots' supervisor_field scenario checks them, with PROTOs of our own (tests/supervisor.rs):
 * NULL fields, PROTO parameters against internal fields, an internal node's field that cannot be written,
 * getters and setters of the wrong type, MF indices in and out of bounds. Prints one line per check. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static const char *null_or(const void *p) {
  return p ? "found" : "NULL";
}

int main(void) {
  wb_robot_init();
  printf("NULL field: name '%s' type %d type name '%s' count %d\n", wb_supervisor_field_get_name(NULL),
         wb_supervisor_field_get_type(NULL), wb_supervisor_field_get_type_name(NULL), wb_supervisor_field_get_count(NULL));
  WbNodeRef rover = wb_supervisor_node_get_from_def("ROVER"), box = wb_supervisor_node_get_from_def("BOX");
  WbNodeRef lists = wb_supervisor_node_get_from_def("LISTS"), sky = wb_supervisor_node_get_from_def("SKY");

  WbFieldRef fov = wb_supervisor_node_get_field(rover, "fov");
  printf("fov: %s %g\n", wb_supervisor_field_get_type_name(fov), wb_supervisor_field_get_sf_float(fov));
  wb_supervisor_field_set_sf_float(fov, 0.73);
  printf("fov after set: %g\n", wb_supervisor_field_get_sf_float(fov));

  printf("proto field of a plain node: %s\n", null_or(wb_supervisor_node_get_proto_field(box, "scale")));
  printf("proto field named as a parameter only: %s\n", null_or(wb_supervisor_node_get_proto_field(lists, "flags")));
  WbNodeRef physics = wb_supervisor_field_get_sf_node(wb_supervisor_node_get_proto_field(rover, "physics"));
  printf("internal physics density: %g\n", wb_supervisor_field_get_sf_float(wb_supervisor_node_get_field(physics, "density")));
  printf("internal field by get_field: %s\n", null_or(wb_supervisor_node_get_field(rover, "cpuConsumption")));
  WbFieldRef cpu = wb_supervisor_node_get_proto_field(rover, "cpuConsumption");
  printf("internal field by get_proto_field: %g\n", wb_supervisor_field_get_sf_float(cpu));

  WbNodeRef look = wb_supervisor_node_get_from_proto_def(rover, "LOOK");
  WbFieldRef transparency = wb_supervisor_node_get_field(look, "transparency");
  wb_supervisor_field_set_sf_float(transparency, 0.0);
  printf("internal node's field after a write: %g\n", wb_supervisor_field_get_sf_float(transparency));

  WbFieldRef height = wb_supervisor_node_get_field(rover, "height");
  printf("SFInt32 read as a float: %g\n", wb_supervisor_field_get_sf_float(height));
  wb_supervisor_field_set_sf_float(height, 0.2);
  printf("SFInt32 after a float write: %d\n", wb_supervisor_field_get_sf_int32(height));

  WbFieldRef colors = wb_supervisor_node_get_field(sky, "skyColor");
  const double *c = wb_supervisor_field_get_mf_color(colors, -1);
  if (!c)
    return 1;
  printf("skyColor: count %d, item -1 %g %g %g, item 3 %s, item -4 %s\n", wb_supervisor_field_get_count(colors), c[0], c[1],
         c[2], null_or(wb_supervisor_field_get_mf_color(colors, 3)), null_or(wb_supervisor_field_get_mf_color(colors, -4)));
  const double blue[3] = {0, 0, 0.5};
  wb_supervisor_field_set_mf_color(colors, 0, blue);
  wb_supervisor_field_set_mf_color(colors, 3, blue);
  wb_supervisor_field_set_mf_color(NULL, 0, blue);
  c = wb_supervisor_field_get_mf_color(colors, 0);
  if (!c)
    return 1;
  printf("skyColor after writes: count %d, item 0 %g %g %g; NULL field %s\n", wb_supervisor_field_get_count(colors), c[0],
         c[1], c[2], null_or(wb_supervisor_field_get_mf_color(NULL, 0)));

  WbFieldRef names = wb_supervisor_node_get_field(lists, "names");
  wb_supervisor_field_set_mf_color(names, 0, blue);
  printf("MFString as a colour: %s; still '%s'\n", null_or(wb_supervisor_field_get_mf_color(names, 0)),
         wb_supervisor_field_get_mf_string(names, 0));

  WbFieldRef name = wb_supervisor_node_get_field(box, "name");
  printf("box name: %s\n", wb_supervisor_field_get_sf_string(name));
  wb_supervisor_field_set_sf_string(name, "wrong");
  wb_supervisor_field_set_sf_string(name, "obstacle");
  printf("box name after two writes: %s\n", wb_supervisor_field_get_sf_string(name));

  /* two MF writes in one step: the first reads back at once, the second after the step */
  WbFieldRef floats = wb_supervisor_node_get_field(lists, "floats");
  wb_supervisor_field_set_mf_float(floats, 0, 1.0);
  wb_supervisor_field_set_mf_float(floats, 1, 2.0);
  printf("floats[0] at once: %g\n", wb_supervisor_field_get_mf_float(floats, 0));
  wb_robot_step(32);
  printf("floats[1] a step later: %g\n", wb_supervisor_field_get_mf_float(floats, 1));

  const int count = wb_supervisor_node_get_number_of_fields(lists);
  WbFieldRef first = wb_supervisor_node_get_field_by_index(lists, 0), last = wb_supervisor_node_get_field_by_index(lists, count - 1);
  printf("fields: %d, first %s (same handle %s), last %s, -1 %s, %d %s\n", count, wb_supervisor_field_get_name(first),
         first == wb_supervisor_node_get_field(lists, "flags") ? "yes" : "no", wb_supervisor_field_get_name(last),
         null_or(wb_supervisor_node_get_field_by_index(lists, -1)), count,
         null_or(wb_supervisor_node_get_field_by_index(lists, count)));
  const int inner = wb_supervisor_node_get_proto_number_of_fields(lists);
  printf("internal fields: %d, 0 %s, 2 %s, 8 %s, -5 %s, %d %s\n", inner,
         wb_supervisor_field_get_name(wb_supervisor_node_get_proto_field_by_index(lists, 0)),
         wb_supervisor_field_get_name(wb_supervisor_node_get_proto_field_by_index(lists, 2)),
         wb_supervisor_field_get_name(wb_supervisor_node_get_proto_field_by_index(lists, 8)),
         null_or(wb_supervisor_node_get_proto_field_by_index(lists, -5)), inner,
         null_or(wb_supervisor_node_get_proto_field_by_index(lists, inner)));
  wb_robot_cleanup();
  return 0;
}
