/* A supervisor that steps until its time reaches argv[1] seconds, then moves DEF TARGET to (argv[2],
 * argv[3], argv[4]) turned by argv[5] rad about z, and keeps stepping (tests/robot_api.rs). */
#include <stdlib.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  if (argc < 6)
    return 1;
  const double at = atof(argv[1]);
  const double to[3] = {atof(argv[2]), atof(argv[3]), atof(argv[4])};
  const double turn[4] = {0, 0, 1, atof(argv[5])};
  const WbNodeRef target = wb_supervisor_node_get_from_def("TARGET");
  const int step = (int)wb_robot_get_basic_time_step();
  int moved = 0;
  while (wb_robot_step(step) != -1) {
    if (!moved && wb_robot_get_time() >= at - 1e-9) {
      wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(target, "translation"), to);
      wb_supervisor_field_set_sf_rotation(wb_supervisor_node_get_field(target, "rotation"), turn);
      moved = 1;
    }
  }
  wb_robot_cleanup();
  return 0;
}
