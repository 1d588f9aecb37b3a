/* Steps until wb_robot_step returns -1, reports when, then steps again: that call must exit(0). With a
 * second argument "mark", it first creates the file ../quit.done (beside its folder) for a controller
 * that waits for the end of the run (async_sleeper.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = argc > 1 ? atoi(argv[1]) : (int)wb_robot_get_basic_time_step();
  int n = 0;
  while (wb_robot_step(step) != -1)
    n++;
  printf("%s: -1 at t=%.3f after %d steps\n", wb_robot_get_name(), wb_robot_get_time(), n);
  fflush(stdout);
  if (argc > 2 && strcmp(argv[2], "mark") == 0) {
    FILE *done = fopen("../quit.done", "w");
    if (done)
      fclose(done);
  }
  wb_robot_step(step);
  printf("UNREACHABLE: the step after -1 returned\n");
  return 7;
}
