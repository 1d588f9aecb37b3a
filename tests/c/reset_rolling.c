/* Three balls rolling side by side on a floor (Webots' supervisor_reset_physics world;
 * tests/reset_physics_rolling.rs): after a while BALL1's physics is reset, later the whole simulation's.
 * Prints how far each ball went in 32 steps after the first reset and in 2 steps after the second. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

#define STEP 32

static WbNodeRef balls[3];

static double y_of(int i) {
  return wb_supervisor_node_get_position(balls[i])[1];
}

int main(void) {
  wb_robot_init();
  const char *defs[3] = {"BALL1", "BALL2", "BALL3"};
  const double push[6] = {0, 1, 0, 0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    balls[i] = wb_supervisor_node_get_from_def(defs[i]);
    CHECK(balls[i] != NULL, "no %s", defs[i]);
    wb_supervisor_node_set_velocity(balls[i], push);
  }
  for (int k = 0; k < 30; ++k)
    wb_robot_step(STEP);

  double before[3];
  for (int i = 0; i < 3; ++i)
    before[i] = y_of(i);
  wb_supervisor_node_reset_physics(balls[0]);
  wb_robot_step(32 * STEP);
  printf("32 steps after BALL1's reset: %.4f %.4f %.4f\n", y_of(0) - before[0], y_of(1) - before[1], y_of(2) - before[2]);
  CHECK(fabs(y_of(1) - y_of(2)) < 1e-6, "BALL2 and BALL3 rolled apart: %.17g %.17g", y_of(1), y_of(2));

  for (int i = 0; i < 3; ++i)
    before[i] = y_of(i);
  wb_supervisor_simulation_reset_physics();
  wb_robot_step(2 * STEP);
  printf("2 steps after the reset of all: %.4f %.4f %.4f\n", y_of(0) - before[0], y_of(1) - before[1], y_of(2) - before[2]);
  wb_robot_cleanup();
  return 0;
}
