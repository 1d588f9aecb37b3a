/* Webots' supervisor_reset_simulation_fields scenario: argv[1] "resetter" resets the simulation and in
 * the same step moves DEF SOLID to (1, 0, 0); "watcher" prints SOLID's translation after its first and
 * third steps (tests/supervisor_scene.rs); "late resetter" and "late watcher" follow Webots' own timing
 * (the write a step after the reset, read two steps later). */
#include <stdio.h>
#include <string.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SOLID"), "translation");
  if (argc > 1 && strcmp(argv[1], "resetter") == 0) {
    const double moved[3] = {1, 0, 0};
    wb_robot_step(32);
    wb_robot_step(32);
    wb_supervisor_simulation_reset();
    wb_supervisor_field_set_sf_vec3f(translation, moved);
    wb_robot_step(32);
  } else if (argc > 1 && strcmp(argv[1], "late resetter") == 0) {
    /* Webots' own timing: the reset after three steps, the write one step after it */
    const double moved[3] = {1, 0, 0};
    for (int i = 0; i < 3; ++i)
      wb_robot_step(32);
    wb_supervisor_simulation_reset();
    wb_robot_step(32);
    wb_supervisor_field_set_sf_vec3f(translation, moved);
    wb_robot_step(32);
  } else if (argc > 1 && strcmp(argv[1], "late watcher") == 0) {
    wb_robot_step(32);
    wb_robot_step(32);
    const double *t = wb_supervisor_field_get_sf_vec3f(translation);
    printf("first: %g %g %g\n", t[0], t[1], t[2]);
    for (int i = 0; i < 3; ++i)
      wb_robot_step(32);
    t = wb_supervisor_field_get_sf_vec3f(translation);
    printf("after the reset: %g %g %g\n", t[0], t[1], t[2]);
  } else {
    wb_robot_step(32);
    const double *t = wb_supervisor_field_get_sf_vec3f(translation);
    printf("first: %g %g %g\n", t[0], t[1], t[2]);
    wb_robot_step(32);
    wb_robot_step(32);
    t = wb_supervisor_field_get_sf_vec3f(translation);
    printf("after the reset: %g %g %g\n", t[0], t[1], t[2]);
  }
  wb_robot_cleanup();
  return 0;
}
