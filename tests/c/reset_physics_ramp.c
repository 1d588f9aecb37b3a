/* Webots' supervisor_reset_physics sequence on its ramp (tests/reset_physics_rolling.rs): three balls roll
 * down a tilted box onto the floor; once BALL1's height no longer changes (1e-6 m between two steps) the
 * count of steps is printed and BALL1's physics is reset; 32 steps later BALL1 has stayed put (2 mm), BALL2
 * rolled on (more than 2 mm) and BALL3 is level with BALL2 (1e-6 m); after
 * wb_supervisor_simulation_reset_physics every ball stays put for 2 steps (2 mm). Heights are z and the
 * balls roll along y (ENU). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

#define STEP 32

static WbFieldRef translations[3];

static double along(int i) {
  return wb_supervisor_field_get_sf_vec3f(translations[i])[1];
}

int main(void) {
  wb_robot_init();
  const char *defs[3] = {"BALL1", "BALL2", "BALL3"};
  WbNodeRef balls[3];
  for (int i = 0; i < 3; ++i) {
    balls[i] = wb_supervisor_node_get_from_def(defs[i]);
    CHECK(balls[i] != NULL, "no %s", defs[i]);
    translations[i] = wb_supervisor_node_get_field(balls[i], "translation");
  }
  int steps = 0;
  double previous_height = 0.0;
  double ball1_at = 0.0;
  while (wb_robot_step(STEP) != -1 && steps < 200) {
    ++steps;
    const double *t = wb_supervisor_field_get_sf_vec3f(translations[0]);
    if (fabs(previous_height - t[2]) < 1e-6) {
      ball1_at = t[1];
      break;
    }
    previous_height = t[2];
  }
  printf("BALL1 on the floor after %d steps, at height %.4f\n", steps, previous_height);

  wb_supervisor_node_reset_physics(balls[0]);
  wb_robot_step(32 * STEP);
  const double others_at = along(1);
  printf("32 steps after BALL1's reset: BALL1 moved %.4f, BALL2 is %.4f from it, BALL3 %.2g from BALL2\n",
         along(0) - ball1_at, others_at - ball1_at, along(2) - others_at);
  CHECK(fabs(along(0) - ball1_at) <= 0.002, "BALL1 went on");
  CHECK(fabs(others_at - ball1_at) > 0.002, "BALL2 stopped");
  CHECK(fabs(along(2) - others_at) <= 1e-6, "BALL3 is not level with BALL2");

  wb_supervisor_simulation_reset_physics();
  wb_robot_step(2 * STEP);
  printf("2 steps after the reset of all: %.4f %.4f %.4f\n", along(0) - ball1_at, along(1) - others_at,
         along(2) - others_at);
  CHECK(fabs(along(0) - ball1_at) <= 0.002, "BALL1 moved");
  CHECK(fabs(along(1) - others_at) <= 0.002, "BALL2 went on");
  CHECK(fabs(along(2) - others_at) <= 0.002, "BALL3 went on");
  wb_robot_cleanup();
  return 0;
}
