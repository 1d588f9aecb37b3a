/* Webots' supervisor_velocity scenario: the supervisor sets the velocity of kinematic and dynamic Solids
 * (argv: DEF name then its six velocity components, repeated; a DEF with no velocity only watched), steps
 * 20 times 32 ms and prints, for each, its position, its rotation field (axis and angle) and the velocity
 * the supervisor reads back. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  wb_robot_init();
  for (int i = 1; i < argc;) {
    WbNodeRef node = wb_supervisor_node_get_from_def(argv[i]);
    CHECK(node != NULL, "no %s", argv[i]);
    if (i + 6 < argc && strcmp(argv[i + 1], "-") != 0) {
      double v[6];
      for (int k = 0; k < 6; k++)
        v[k] = atof(argv[i + 1 + k]);
      wb_supervisor_node_set_velocity(node, v);
      i += 7;
    } else
      i += 2;
  }
  for (int k = 0; k < 20; k++)
    wb_robot_step(32);
  for (int i = 1; i < argc;) {
    WbNodeRef node = wb_supervisor_node_get_from_def(argv[i]);
    const double *p = wb_supervisor_node_get_position(node);
    const double *r = wb_supervisor_field_get_sf_rotation(wb_supervisor_node_get_field(node, "rotation"));
    const double *v = wb_supervisor_node_get_velocity(node);
    printf("%s %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", argv[i], p[0], p[1], p[2], r[0], r[1],
           r[2], r[3], v[0], v[1], v[2], v[3], v[4], v[5]);
    i += (i + 6 < argc && strcmp(argv[i + 1], "-") != 0) ? 7 : 2;
  }
  wb_robot_cleanup();
  return 0;
}
