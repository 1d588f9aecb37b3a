/* A supervisor that places a node step by step: argv[1] = DEF name, then one "x y z" translation per
 * step (three arguments each), written before that step. Exits after the last one. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc >= 2 && (argc - 2) % 3 == 0, "usage: sensor_mover DEF [X Y Z]...");
  wb_robot_init();
  const int basic = (int)wb_robot_get_basic_time_step();
  WbNodeRef node = wb_supervisor_node_get_from_def(argv[1]);
  CHECK(node != NULL, "no node %s", argv[1]);
  WbFieldRef translation = wb_supervisor_node_get_field(node, "translation");
  CHECK(translation != NULL, "no translation");
  for (int i = 2; i + 2 < argc; i += 3) {
    const double t[3] = {atof(argv[i]), atof(argv[i + 1]), atof(argv[i + 2])};
    wb_supervisor_field_set_sf_vec3f(translation, t);
    if (wb_robot_step(basic) == -1)
      break;
  }
  wb_robot_cleanup();
  return 0;
}
