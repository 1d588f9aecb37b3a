/* The robot of Webots' robot_data scenario (tests/supervisor_scene.rs): it waits for a supervisor to
 * write "a + b" into its customData, writes the sum there instead, steps once and exits. */
#include <stdio.h>
#include <string.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  int waited = 0;
  while (strlen(wb_robot_get_custom_data()) == 0 && waited < 100) {
    wb_robot_step(32);
    waited++;
  }
  int a = 0, b = 0;
  char op = 0;
  if (sscanf(wb_robot_get_custom_data(), "%d %c %d", &a, &op, &b) != 3) {
    printf("robot_data_answer: no formula after %d steps (\"%s\")\n", waited, wb_robot_get_custom_data());
    wb_robot_cleanup();
    return 1;
  }
  char answer[16];
  snprintf(answer, sizeof answer, "%d", a + b);
  wb_robot_set_custom_data(answer);
  printf("robot_data_answer: %s -> %s at t=%g\n", "formula", wb_robot_get_custom_data(), wb_robot_get_time());
  wb_robot_step(32);
  wb_robot_cleanup();
  return 0;
}
