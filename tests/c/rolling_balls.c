/* Rolling and spinning friction (Webots' rolling_friction scenario on a flat floor): the supervisor
 * starts balls BALL_0.. rolling along x (argv: count of rolling balls, their speed and radius) and the
 * others spinning about z at 25 rad/s, then prints every ball's velocity at 2 s for the Rust test. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 5, "usage: rolling_balls ROLLING SPINNING SPEED RADIUS");
  const int rolling = atoi(argv[1]), spinning = atoi(argv[2]);
  const double speed = atof(argv[3]), radius = atof(argv[4]);
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbNodeRef balls[16];
  CHECK(rolling + spinning <= 16, "too many balls");
  for (int i = 0; i < rolling + spinning; i++) {
    char def[16];
    snprintf(def, sizeof def, "BALL_%d", i);
    balls[i] = wb_supervisor_node_get_from_def(def);
    CHECK(balls[i] != NULL, "no %s", def);
    /* rolling without slipping along +x: v = omega x (0, 0, r) */
    const double rolls[6] = {speed, 0, 0, 0, speed / radius, 0};
    const double spins[6] = {0, 0, 0, 0, 0, 25};
    wb_supervisor_node_set_velocity(balls[i], i < rolling ? rolls : spins);
  }
  while (wb_robot_get_time() < 2.0 - 1e-9)
    wb_robot_step(step);
  for (int i = 0; i < rolling + spinning; i++) {
    const double *v = wb_supervisor_node_get_velocity(balls[i]);
    printf("ball %d %.6f %.6f %.6f %.6f %.6f %.6f\n", i, v[0], v[1], v[2], v[3], v[4], v[5]);
  }
  wb_robot_cleanup();
  return 0;
}
