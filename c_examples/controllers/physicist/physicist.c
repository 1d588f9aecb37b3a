/* Physics against the textbook (physics_demo.wbt): the time the ball takes to fall 1.2 m (the step its
 * fall stops, for it bounces), the period of
 * the 1 m pendulum released at 0.2 rad, and how far the block slides down the 30° ramp (friction 0.2) in
 * one second, each next to what mechanics predicts; then the pull (its weight plus a supervisor's
 * force growing 5 N a second) at which the link holding a weight breaks, next to its strength. */
#include <math.h>
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#define G 9.81

static void report(const char *what, double measured, double predicted, const char *unit) {
  printf("%-36s measured %.4f %s, predicted %.4f %s (%+.2f%%)\n", what, measured, unit, predicted, unit,
         100.0 * (measured - predicted) / predicted);
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const double dt = step / 1000.0;
  WbNodeRef ball = wb_supervisor_node_get_from_def("BALL");
  WbNodeRef block = wb_supervisor_node_get_from_def("BLOCK");
  WbFieldRef swing = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SWING"), "position");
  const double *start = wb_supervisor_node_get_position(block);
  const double block_start[3] = {start[0], start[1], start[2]};

  wb_robot_step(step); /* the ball starts falling */
  double landed = NAN, slid = NAN, previous = wb_supervisor_field_get_sf_float(swing);
  double crossings[3];
  int crossed = 0;
  while (wb_robot_step(step) != -1 && wb_robot_get_time() < 10.0) {
    const double t = wb_robot_get_time();
    if (isnan(landed) && wb_supervisor_node_get_velocity(ball)[2] > -1e-9)
      landed = t;
    const double angle = wb_supervisor_field_get_sf_float(swing);
    if (crossed < 3 && previous > 0.0 && angle <= 0.0) /* swinging through the bottom one way */
      crossings[crossed++] = t - dt * angle / (angle - previous);
    else if (crossed < 3 && previous < 0.0 && angle >= 0.0)
      crossings[crossed++] = t - dt * angle / (angle - previous);
    previous = angle;
    if (isnan(slid) && t >= 1.0 - 1e-9) {
      const double *p = wb_supervisor_node_get_position(block);
      slid = sqrt(pow(p[0] - block_start[0], 2) + pow(p[2] - block_start[2], 2));
    }
    if (!isnan(landed) && !isnan(slid) && crossed == 3)
      break;
  }
  /* the weight hangs still; pull it down harder and harder until it falls away */
  WbNodeRef load = wb_supervisor_node_get_from_def("LOAD");
  const double pulling_from = wb_robot_get_time(), mass = 0.5;
  double broke_at = NAN;
  while (isnan(broke_at) && wb_robot_get_time() - pulling_from < 5.0) {
    const double pull = 5.0 * (wb_robot_get_time() - pulling_from);
    const double force[3] = {0.0, 0.0, -pull};
    wb_supervisor_node_add_force(load, force, false);
    wb_robot_step(step);
    if (wb_supervisor_node_get_velocity(load)[2] < -0.05)
      broke_at = mass * G + pull;
  }
  report("ball falling 1.2 m", landed, sqrt(2.0 * 1.2 / G), "s");
  /* a 1 m pendulum: the large-amplitude correction (1 + θ²/16) and the bob's own inertia */
  const double radius = 0.02, length = 1.0, amplitude = 0.2;
  const double inertia = length * length + 0.4 * radius * radius;
  report("pendulum period at 0.2 rad", crossings[2] - crossings[0],
         2.0 * M_PI * sqrt(inertia / (G * length)) * (1.0 + amplitude * amplitude / 16.0), "s");
  const double theta = M_PI / 6.0, mu = 0.2;
  report("block sliding 1 s down 30°, mu 0.2", slid, 0.5 * G * (sin(theta) - mu * cos(theta)), "m");
  report("pull breaking a 5 N + 5 N link", broke_at, 10.0, "N");
  wb_supervisor_simulation_quit(0);
  wb_robot_step(step);
  return 0;
}
