/* Watches the falling ball DEF BALL from a supervisor: says when it stops falling, and whether its
 * position was ever not finite (a body whose state becomes non-finite is stopped where it was seen). */
#include <math.h>
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  const WbNodeRef ball = wb_supervisor_node_get_from_def("BALL");
  double last = wb_supervisor_node_get_position(ball)[2];
  int step = 0, stopped = 0;
  while (wb_robot_step(10) != -1) {
    ++step;
    const double *p = wb_supervisor_node_get_position(ball);
    if (!isfinite(p[0]) || !isfinite(p[1]) || !isfinite(p[2])) {
      printf("not finite at step %d\n", step);
      break;
    }
    if (!stopped && p[2] == last)
      stopped = step;
    last = p[2];
  }
  printf("stopped falling at step %d\n", stopped);
  wb_robot_cleanup();
  return 0;
}
