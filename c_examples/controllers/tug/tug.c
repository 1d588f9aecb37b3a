/* A tug that docks with a cargo robot, tows it, turns with it and leaves it behind. There are no motors
 * yet, so the tug drives itself as a supervisor, writing its own translation and rotation a little at
 * every step; the connector link carries the cargo along. */
#include <math.h>
#include <stdio.h>
#include <webots/connector.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static WbFieldRef translation, rotation;

static void place(double x, double y, double angle) {
  const double t[3] = {x, y, 0};
  const double r[4] = {0, 0, 1, angle};
  wb_supervisor_field_set_sf_vec3f(translation, t);
  wb_supervisor_field_set_sf_rotation(rotation, r);
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag hook = wb_robot_get_device("hook");
  const WbNodeRef self = wb_supervisor_node_get_self();
  const WbNodeRef cargo = wb_supervisor_node_get_from_def("CARGO");
  translation = wb_supervisor_node_get_field(self, "translation");
  rotation = wb_supervisor_node_get_field(self, "rotation");
  wb_connector_enable_presence(hook, step);

  /* approach along +x, 1 cm per step, until the hook sees the cargo's connector */
  double x = 0;
  for (int k = 1; wb_robot_step(step) != -1; k++) {
    if (wb_connector_get_presence(hook) == 1)
      break;
    x = k * 0.01;
    place(x, 0, 0);
  }
  wb_connector_lock(hook);
  wb_robot_step(step);
  const double docked = wb_robot_get_time();
  /* the link pulls the cargo into the docked pose over the next steps (a fifth of the gap per step) */
  for (int k = 0; k < 20; k++)
    wb_robot_step(step);
  const double *c = wb_supervisor_node_get_position(cargo);
  printf("docked at t=%.3f s, the tug at x=%.2f: the cargo snapped to x=%.3f\n", docked, x, c[0]);

  /* tow it 1 m along +y, then turn a quarter turn on the spot */
  for (int k = 1; k <= 50; k++) {
    place(x, k * 0.02, 0);
    wb_robot_step(step);
  }
  c = wb_supervisor_node_get_position(cargo);
  printf("towed: the cargo is at (%.3f, %.3f)\n", c[0], c[1]);
  for (int k = 1; k <= 25; k++) {
    place(x, 1, k * M_PI / 50);
    wb_robot_step(step);
  }
  c = wb_supervisor_node_get_position(cargo);
  printf("turned: the cargo swung round to (%.3f, %.3f)\n", c[0] + 0.0, c[1]);

  /* let go and back away */
  wb_connector_unlock(hook);
  for (int k = 1; k <= 15; k++) {
    place(x, 1 - k * 0.02, M_PI / 2);
    wb_robot_step(step);
  }
  c = wb_supervisor_node_get_position(cargo);
  printf("released: the cargo stays at (%.3f, %.3f), the hook sees %s\n", c[0] + 0.0, c[1],
         wb_connector_get_presence(hook) ? "it still" : "nothing");
  wb_supervisor_simulation_quit(0);
  wb_robot_step(step);
  wb_robot_cleanup();
  return 0;
}
