/* A supervisor that removes its own robot after one step (tests/supervisor_scene.rs), as in Webots'
 * supervisor_import_remove scenario; its next step ends it. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include <stdio.h>

#define STEP 32

int main(void) {
  wb_robot_init();
  wb_robot_step(STEP);
  wb_supervisor_node_remove(wb_supervisor_node_get_self());
  printf("step after removing itself: %d\n", wb_robot_step(STEP));
  wb_robot_cleanup();
  return 0;
}
