/* A supervisor reads the Viewpoint's fields, written and unwritten, and moves it (tests/supervisor.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  WbNodeRef v = wb_supervisor_node_get_from_def("VIEW");
  WbFieldRef position = wb_supervisor_node_get_field(v, "position");
  const double *p = wb_supervisor_field_get_sf_vec3f(position);
  printf("position %g %g %g, fieldOfView %g, followType %s, near %g\n", p[0], p[1], p[2],
         wb_supervisor_field_get_sf_float(wb_supervisor_node_get_field(v, "fieldOfView")),
         wb_supervisor_field_get_sf_string(wb_supervisor_node_get_field(v, "followType")),
         wb_supervisor_field_get_sf_float(wb_supervisor_node_get_field(v, "near")));
  const double to[3] = {4, 5, 6};
  wb_supervisor_field_set_sf_vec3f(position, to);
  wb_robot_step(32);
  p = wb_supervisor_field_get_sf_vec3f(position);
  printf("moved to %g %g %g\n", p[0], p[1], p[2]);
  wb_robot_cleanup();
  return 0;
}
