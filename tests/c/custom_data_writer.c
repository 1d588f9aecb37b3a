/* Writes its customData at start, and again ("second") at t = 0.32 s (tests/supervisor_scene.rs). */
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  wb_robot_set_custom_data("first");
  while (wb_robot_step(32) != -1) {
    if (wb_robot_get_time() > 0.3 && wb_robot_get_time() < 0.33)
      wb_robot_set_custom_data("second");
  }
  wb_robot_cleanup();
  return 0;
}
