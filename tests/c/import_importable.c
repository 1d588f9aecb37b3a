/* Imports a Solid written out in full (an ElevationGrid with a Color node, a Transform bounding object) and
 * an instance of a PROTO the world declares IMPORTABLE but never uses (Webots' supervisor_field_import_mf_node
 * world; tests/supervisor_import_importable.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

static const char *floor_text =
  "DEF FLOOR Solid { translation -0.5 0.5 0 children [ Shape { geometry ElevationGrid { color Color { color [ 0.8 0.5 "
  "0.3, 1 1 0 ] } colorPerVertex FALSE xDimension 11 xSpacing 0.1 yDimension 11 ySpacing 0.1 } } ] "
  "boundingObject Transform { translation 0.5 -0.5 0 children [ Plane { } ] } }";

int main(void) {
  wb_robot_init();
  WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  CHECK(children != NULL, "no root children");
  const int before = wb_supervisor_field_get_count(children);
  wb_supervisor_field_import_mf_node_from_string(children, 0, floor_text);
  WbNodeRef floor = wb_supervisor_node_get_from_def("FLOOR");
  CHECK(floor != NULL, "FLOOR not imported");
  CHECK(wb_supervisor_field_get_mf_node(children, 0) == floor, "FLOOR is not first");
  wb_supervisor_field_import_mf_node_from_string(children, 0, "DEF CHAIR Chair { }");
  WbNodeRef chair = wb_supervisor_node_get_from_def("CHAIR");
  CHECK(chair != NULL, "CHAIR not imported");
  CHECK_STR(wb_supervisor_node_get_type_name(chair), "Chair");
  CHECK_STR(wb_supervisor_node_get_base_type_name(chair), "Solid");
  WbFieldRef color = wb_supervisor_node_get_field(chair, "color");
  CHECK(color != NULL, "no 'color' parameter on the chair");
  CHECK_VEC_TOL(wb_supervisor_field_get_sf_color(color), 3, 1e-12, 0.2, 0.4, 0.6);
  CHECK_INT(wb_supervisor_field_get_count(children), before + 2);
  wb_robot_step(32);
  CHECK_VEC_TOL(wb_supervisor_node_get_position(chair), 3, 1e-12, 0, 0, 0);
  printf("import_importable: all checks passed\n");
  wb_robot_cleanup();
  return 0;
}
