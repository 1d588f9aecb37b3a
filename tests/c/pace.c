/* Steps with the duration given as argument and prints each step's simulated time in ms. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = argc > 1 ? atoi(argv[1]) : 32;
  while (wb_robot_step(step) != -1)
    printf("t=%.0f\n", wb_robot_get_time() * 1000.0);
  wb_robot_cleanup();
  return 0;
}
