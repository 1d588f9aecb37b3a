/* A robot that only steps, saying when its controller starts and when its run ends
 * (tests/supervisor_scene.rs). */
#include <webots/robot.h>
#include <stdio.h>

int main(void) {
  wb_robot_init();
  printf("%s started at %.3f\n", wb_robot_get_name(), wb_robot_get_time());
  while (wb_robot_step(32) != -1) {
  }
  printf("%s ended at %.3f\n", wb_robot_get_name(), wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
