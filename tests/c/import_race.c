/* Two supervisors import at the same instant (tests/supervisor_scene.rs): each imports a Solid named
 * after its robot at the end of the root's children and reads the count and the last node at once, then
 * again after a step. Changes of one instant are applied in world order, whichever process runs first. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include <stdio.h>

int main(void) {
  wb_robot_init();
  const char *name = wb_robot_get_name();
  const WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  wb_robot_step(16);
  char text[128];
  snprintf(text, sizeof text, "DEF %s Solid { name \"%s\" }", name, name);
  wb_supervisor_field_import_mf_node_from_string(children, -1, text);
  printf("after its import: %d, last %s\n", wb_supervisor_field_get_count(children),
         wb_supervisor_node_get_def(wb_supervisor_field_get_mf_node(children, -1)));
  wb_robot_step(16);
  printf("a step later: %d, last %s\n", wb_supervisor_field_get_count(children),
         wb_supervisor_node_get_def(wb_supervisor_field_get_mf_node(children, -1)));
  wb_robot_cleanup();
  return 0;
}
