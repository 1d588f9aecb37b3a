/* Prints argv[1] lines on stdout and one on stderr before each of argv[2] steps, then a last line:
 * enough output from several robots at once to show in which order the runner merges it. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int lines = argc > 1 ? atoi(argv[1]) : 10;
  const int steps = argc > 2 ? atoi(argv[2]) : 5;
  for (int s = 0; s < steps; s++) {
    for (int k = 0; k < lines; k++)
      printf("t=%.3f line %d\n", wb_robot_get_time(), k);
    fprintf(stderr, "t=%.3f err\n", wb_robot_get_time());
    if (wb_robot_step(32) == -1)
      break;
  }
  printf("done t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
