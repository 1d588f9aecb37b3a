/* Benchmark controller: steps the basic time step until the run ends. */
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  while (wb_robot_step(step) != -1) {
  }
  wb_robot_cleanup();
  return 0;
}
