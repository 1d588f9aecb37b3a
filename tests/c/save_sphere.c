/* Writes a Sphere's radius, steps, and saves the world as "test.wbt" beside itself (Webots'
 * supervisor_save_world world; tests/supervisor_save_world_viewpoint.rs); prints what it wrote and the
 * Viewpoint's orientation and position it read before. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  remove("test.wbt");
  WbFieldRef radius = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SPHERE"), "radius");
  CHECK(radius != NULL, "no radius");
  wb_supervisor_field_set_sf_float(radius, 0.2);
  WbNodeRef viewpoint = wb_supervisor_node_get_from_def("VIEWPOINT");
  const double *o = wb_supervisor_field_get_sf_rotation(wb_supervisor_node_get_field(viewpoint, "orientation"));
  printf("orientation %.17g %.17g %.17g %.17g\n", o[0], o[1], o[2], o[3]);
  const double *p = wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_field(viewpoint, "position"));
  printf("position %.17g %.17g %.17g\n", p[0], p[1], p[2]);
  wb_robot_step((int)wb_robot_get_basic_time_step());
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(radius), 0.2);
  CHECK(wb_supervisor_world_save("test.wbt"), "the save failed");
  printf("saved\n");
  wb_robot_cleanup();
  return 0;
}
