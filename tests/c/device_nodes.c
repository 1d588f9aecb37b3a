/* wb_supervisor_node_get_from_device for devices of PROTO instances (Webots' supervisor_node scenario, its
 * Sick and Kinect part): a PROTO whose root is the device gives its instance; a device inside a PROTO body
 * gives its own node, internal to the PROTO (libController searches PROTO bodies for a device's node), whose
 * fields are read-only; a plain device gives its node (tests/supervisor_scene.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static void show(const char *name) {
  WbNodeRef n = wb_supervisor_node_get_from_device(wb_robot_get_device(name));
  if (!n) {
    printf("%s: NULL\n", name);
    return;
  }
  const double *t = wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_field(n, "translation"));
  printf("%s: %s at %g %g %g\n", name, wb_supervisor_node_get_type_name(n), t[0], t[1], t[2]);
}

int main(void) {
  wb_robot_init();
  WbNodeRef self = wb_supervisor_node_get_from_device(0);
  printf("tag 0 is %s\n", self == wb_supervisor_node_get_self() ? "the robot itself" : "another node");
  show("scanner");
  show("eye");
  show("compass");
  /* the internal camera's fields can be read, not written */
  const double up[3] = {0, 0, 1};
  WbFieldRef eye_translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_device(wb_robot_get_device("eye")), "translation");
  wb_supervisor_field_set_sf_vec3f(eye_translation, up);
  wb_robot_step(32);
  show("eye");
  wb_robot_cleanup();
  return 0;
}
