/* Moves the robot DEF TARGET as far as a supervisor may (3e38 m, just under FLT_MAX), then keeps
 * stepping until the run ends. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("TARGET"), "translation");
  const double far[3] = {3e38, -3e38, 0.0};
  wb_robot_step(32);
  wb_supervisor_field_set_sf_vec3f(translation, far);
  while (wb_robot_step(32) != -1) {
  }
  printf("moved TARGET to %g %g\n", far[0], far[1]);
  wb_robot_cleanup();
  return 0;
}
