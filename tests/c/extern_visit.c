/* An extern controller's visit: says when it joined, steps argv[1] times (or, without an argument,
 * until the run ends), says when it leaves and leaves through wb_robot_cleanup. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  const int steps = argc > 1 ? atoi(argv[1]) : -1;
  wb_robot_init();
  printf("%s joined at %.3f\n", wb_robot_get_name(), wb_robot_get_time());
  for (int i = 0; steps < 0 || i < steps; i++)
    if (wb_robot_step(32) == -1)
      break;
  printf("%s left at %.3f\n", wb_robot_get_name(), wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
