/* The outer robot of a nested pair (Webots' robot_nested scenario): its wb_robot_get_device does not
 * find the inner robot's GPS; it gives itself a velocity and prints where the inner robot is one step
 * later (tests/robot_api.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  printf("inner gps from the outer robot: %d\n", (int)wb_robot_get_device("gps"));
  const double velocity[6] = {0, 0, 1, 0, 0, 0};
  wb_supervisor_node_set_velocity(wb_supervisor_node_get_self(), velocity);
  wb_robot_step(16);
  const double *p = wb_supervisor_node_get_position(wb_supervisor_node_get_from_def("INNER"));
  printf("inner robot at %.4f %.4f %.4f\n", p[0], p[1], p[2]);
  wb_robot_cleanup();
  return 0;
}
