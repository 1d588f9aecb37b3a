/* A supervisor that restarts DEF PAINTER's controller at 0.2 s, then lets the run go to its end
 * (tests/display.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  int restarted = 0;
  while (wb_robot_step(32) != -1) {
    if (!restarted && wb_robot_get_time() >= 0.2) {
      wb_supervisor_node_restart_controller(wb_supervisor_node_get_from_def("PAINTER"));
      printf("restarted the painter at %.3f\n", wb_robot_get_time());
      restarted = 1;
    }
  }
  wb_robot_cleanup();
  return 0;
}
