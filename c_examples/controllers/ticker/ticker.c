/* Steps with the duration given as first argument and prints the simulated time every
 * <second argument> ms, until the run ends. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = argc > 1 ? atoi(argv[1]) : (int)wb_robot_get_basic_time_step();
  const int report_every = argc > 2 ? atoi(argv[2]) : 1000;
  int steps = 0;
  double last_report = 0.0;
  printf("%s steps every %d ms (basic time step %g ms)\n", wb_robot_get_name(), step, wb_robot_get_basic_time_step());
  while (wb_robot_step(step) != -1) {
    steps++;
    const double t = wb_robot_get_time();
    if ((t - last_report) * 1000.0 >= report_every - 1e-6) {
      printf("t = %.3f s after %d steps\n", t, steps);
      last_report = t;
    }
  }
  printf("the run is over at t = %.3f s after %d steps\n", wb_robot_get_time(), steps);
  wb_robot_cleanup();
  return 0;
}
