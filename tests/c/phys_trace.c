/* Prints the pose of node DEF TARGET after every step (tests/physics.rs): two runs of a physics world
 * must print the same bits. Arguments: STEPS [RESET_AT]: with RESET_AT, the supervisor resets the
 * simulation after that many steps and the trace starts over. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int steps = argc > 1 ? atoi(argv[1]) : 100;
  const int reset_at = argc > 2 ? atoi(argv[2]) : -1;
  const int step = (int)wb_robot_get_basic_time_step();
  const WbNodeRef target = wb_supervisor_node_get_from_def("TARGET");
  for (int k = 1; k <= steps && wb_robot_step(step) != -1; ++k) {
    const double *p = wb_supervisor_node_get_position(target);
    const double *r = wb_supervisor_node_get_orientation(target);
    /* %a: every bit */
    printf("%d %a %a %a %a %a %a\n", k, p[0], p[1], p[2], r[0], r[1], r[2]);
    if (k == reset_at) {
      wb_supervisor_simulation_reset();
      printf("reset\n");
    }
  }
  wb_robot_cleanup();
  return 0;
}
