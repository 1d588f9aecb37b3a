/* Draws on its display at every step and says when it started and when it ended (Webots'
 * supervisor_restart_controller_display scenario: restarted, it draws again, tests/display.rs). */
#include <stdio.h>
#include <webots/display.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag d = wb_robot_get_device("display");
  printf("painter starts at %.3f\n", wb_robot_get_time());
  int strokes = 0;
  while (wb_robot_step(32) != -1) {
    wb_display_set_color(d, 0xFF0000);
    wb_display_draw_rectangle(d, strokes % 60, 0, 4, 4);
    wb_display_fill_oval(d, 32, 32, strokes % 30, 10);
    ++strokes;
  }
  printf("painter drew %d strokes\n", strokes);
  wb_robot_cleanup();
  return 0;
}
