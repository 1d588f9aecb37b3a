/* Webots' supervisor_field rule for template PROTOs: references into an instance's inside (an internal
 * field, a node of its body) are invalid once a change of one of its template's fields rebuilt it; a new
 * lookup gives new, valid ones. Its interface fields stay valid. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbNodeRef crate = wb_supervisor_node_get_from_def("CRATE");
  CHECK(crate != NULL, "no CRATE");
  WbFieldRef inside = wb_supervisor_node_get_proto_field(crate, "cpuConsumption");
  CHECK(inside != NULL, "no internal cpuConsumption");
  CHECK_INT(wb_supervisor_field_get_type(inside), WB_SF_FLOAT);
  WbNodeRef part = wb_supervisor_node_get_from_proto_def(crate, "PART");
  CHECK(part != NULL, "no internal PART");
  CHECK_INT(wb_supervisor_node_get_type(part), WB_NODE_SHAPE);
  WbFieldRef size = wb_supervisor_node_get_field(crate, "size");
  CHECK(size != NULL, "no size parameter");

  /* a field the template reads: the instance is rebuilt */
  wb_supervisor_field_set_sf_float(size, 0.3);
  wb_robot_step(32);
  CHECK_INT(wb_supervisor_field_get_type(inside), 0);
  CHECK_INT(wb_supervisor_node_get_type(part), 0);
  CHECK_INT(wb_supervisor_field_get_type(size), WB_SF_FLOAT);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(size), 0.3);

  WbFieldRef again = wb_supervisor_node_get_proto_field(crate, "cpuConsumption");
  CHECK(again != NULL && again != inside, "the internal field looked up again");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(again), 1.11);
  WbNodeRef rebuilt = wb_supervisor_node_get_from_proto_def(crate, "PART");
  CHECK(rebuilt != NULL && rebuilt != part, "the internal node looked up again");
  WbNodeRef box = wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(rebuilt, "geometry"));
  CHECK(box != NULL, "no geometry");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_field(box, "size"))[0], 0.3);

  /* a field the template does not read: nothing is rebuilt, the references stay */
  WbFieldRef name = wb_supervisor_node_get_field(crate, "label");
  wb_supervisor_field_set_sf_string(name, "other");
  wb_robot_step(32);
  CHECK_INT(wb_supervisor_field_get_type(again), WB_SF_FLOAT);
  CHECK_INT(wb_supervisor_node_get_type(rebuilt), WB_NODE_SHAPE);
  printf("references follow the regeneration\n");
  wb_robot_cleanup();
  return 0;
}
