/* The second supervisor of Webots' supervisor_import_remove scenario (tests/supervisor_scene.rs): prints
 * the root's children count at the steps where the other supervisor's imports and removals reach it, and
 * the DEF name of the node at index 5 once SPHERE2 has been imported there. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include <stdio.h>

#define STEP 32

int main(void) {
  wb_robot_init();
  const WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  printf("start: %d\n", wb_supervisor_field_get_count(children));
  wb_robot_step(5 * STEP);
  printf("160 ms: %d\n", wb_supervisor_field_get_count(children));
  wb_robot_step(2 * STEP);
  printf("224 ms: %d\n", wb_supervisor_field_get_count(children));
  wb_robot_step(STEP);
  printf("256 ms: %d, index 5: %s\n", wb_supervisor_field_get_count(children),
         wb_supervisor_node_get_def(wb_supervisor_field_get_mf_node(children, 5)));
  wb_robot_step(STEP);
  printf("288 ms: %d\n", wb_supervisor_field_get_count(children));
  wb_robot_cleanup();
  return 0;
}
