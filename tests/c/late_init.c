/* Waits argv[1] milliseconds before wb_robot_init (a slow start), then steps until the run ends. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  const long ms = argc > 1 ? atol(argv[1]) : 1000;
  const struct timespec wait = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&wait, NULL);
  wb_robot_init();
  int steps = 0;
  while (wb_robot_step(32) != -1)
    steps++;
  printf("%s: ran %d steps after a late start\n", wb_robot_get_name(), steps);
  wb_robot_cleanup();
  return 0;
}
