/* Several supervisors write one field in the same step (Webots' supervisor_field_determinism
 * scenario): "red" and "blue" write DEF MATERIAL's emissiveColor every step after computing for a
 * varying time; "reader" counts the steps at which it read anything but the last writer's colour in
 * world order (tests/supervisor_scene.rs). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const char *role = argc > 1 ? argv[1] : "reader";
  WbFieldRef field = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("MATERIAL"), "emissiveColor");
  const double red[3] = {1, 0, 0}, blue[3] = {0, 0, 1};
  int wrong = 0;
  for (int i = 0; i < 40; ++i) {
    /* a different computing time at every step, so that the writers reach the world in every order */
    if (strcmp(role, "reader") != 0)
      usleep((unsigned)((i * 7919 + role[0] * 104729) % 3000));
    if (strcmp(role, "red") == 0)
      wb_supervisor_field_set_sf_color(field, red);
    else if (strcmp(role, "blue") == 0)
      wb_supervisor_field_set_sf_color(field, blue);
    else if (i > 1) {
      const double *c = wb_supervisor_field_get_sf_color(field);
      if (c[0] != 0 || c[1] != 0 || c[2] != 1)
        ++wrong;
    }
    wb_robot_step(32);
  }
  if (strcmp(role, "reader") == 0)
    printf("steps reading another colour than blue: %d\n", wrong);
  wb_robot_cleanup();
  return 0;
}
