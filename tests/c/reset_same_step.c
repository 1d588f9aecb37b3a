/* What a reset undoes of the requests made in its own step (tests/supervisor_scene.rs): argv[1]
 * "resetter" resets the simulation and, before its next step, writes DEF SOLID's translation, imports
 * DEF NEW, removes DEF GONE, gives DEF BALL a velocity, pushes DEF PUSHED and restarts DEF WORKER's
 * controller, imports DEF NEWBOT (a robot with a controller), then prints what it finds one step later;
 * any other argv[1] ("worker", "newbot") prints a line each time its controller starts. */
#include <stdio.h>
#include <string.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  if (argc < 2 || strcmp(argv[1], "resetter") != 0) {
    printf("%s starts\n", argc > 1 ? argv[1] : "worker");
    while (wb_robot_step(32) != -1) {
    }
    wb_robot_cleanup();
    return 0;
  }
  WbNodeRef ball = wb_supervisor_node_get_from_def("BALL");
  WbNodeRef pushed = wb_supervisor_node_get_from_def("PUSHED");
  WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SOLID"), "translation");
  WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  wb_robot_step(32);

  wb_supervisor_simulation_reset();
  const double moved[3] = {1, 0, 0};
  wb_supervisor_field_set_sf_vec3f(translation, moved);
  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF NEW Solid { name \"new\" }");
  wb_supervisor_node_remove(wb_supervisor_node_get_from_def("GONE"));
  const double velocity[6] = {1, 0, 0, 0, 0, 0};
  wb_supervisor_node_set_velocity(ball, velocity);
  const double force[3] = {100, 0, 0};
  wb_supervisor_node_add_force(pushed, force, false);
  wb_supervisor_node_restart_controller(wb_supervisor_node_get_from_def("WORKER"));
  wb_supervisor_field_import_mf_node_from_string(
    children, -1, "DEF NEWBOT Robot { name \"newbot\" controller \"reset_same_step\" controllerArgs [ \"newbot\" ] }");
  wb_robot_step(32);

  printf("time %g\n", wb_robot_get_time());
  const double *t = wb_supervisor_field_get_sf_vec3f(translation);
  printf("solid at %g %g %g\n", t[0], t[1], t[2]);
  printf("NEW %s\n", wb_supervisor_node_get_from_def("NEW") ? "found" : "gone");
  printf("NEWBOT %s\n", wb_supervisor_node_get_from_def("NEWBOT") ? "found" : "gone");
  printf("GONE %s\n", wb_supervisor_node_get_from_def("GONE") ? "found" : "gone");
  printf("ball at x %g, vx %g\n", wb_supervisor_node_get_position(ball)[0], wb_supervisor_node_get_velocity(ball)[0]);
  printf("pushed at x %g, vx %g\n", wb_supervisor_node_get_position(pushed)[0],
         wb_supervisor_node_get_velocity(pushed)[0]);
  wb_robot_cleanup();
  return 0;
}
