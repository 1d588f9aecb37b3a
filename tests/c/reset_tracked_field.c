/* A tracked field across a simulation reset (tests/reset_tracking.rs): tracks DEF BALL's translation and
 * its pose, lets it fall 30 steps, resets, and prints what the tracked getters give one and two steps
 * after the reset. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  WbNodeRef ball = wb_supervisor_node_get_from_def("BALL");
  WbFieldRef translation = wb_supervisor_node_get_field(ball, "translation");
  wb_supervisor_field_enable_sf_tracking(translation, 32);
  wb_supervisor_node_enable_pose_tracking(ball, 32, NULL);
  for (int i = 0; i < 30; ++i)
    wb_robot_step(32);
  printf("before the reset: z %.3f\n", wb_supervisor_field_get_sf_vec3f(translation)[2]);
  wb_supervisor_simulation_reset();
  for (int i = 1; i <= 2; ++i) {
    wb_robot_step(32);
    printf("step %d field z %.3f\n", i, wb_supervisor_field_get_sf_vec3f(translation)[2]);
    printf("step %d pose z %.3f\n", i, wb_supervisor_node_get_pose(ball, NULL)[11]);
  }
  wb_robot_cleanup();
  return 0;
}
