/* A supervisor that restarts the controller of robot DEF EXT after three steps, then steps until the
 * run ends. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  for (int i = 0; i < 3; i++)
    wb_robot_step(32);
  printf("restarting EXT at %.3f\n", wb_robot_get_time());
  wb_supervisor_node_restart_controller(wb_supervisor_node_get_from_def("EXT"));
  while (wb_robot_step(32) != -1) {
  }
  return 0;
}
