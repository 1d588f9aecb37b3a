/* Two GPS on slider end points set going by their linearVelocity field, one body with Physics and one
 * without (Webots' gps_speed world; tests/gps_speed_endpoints.rs): each prints its speed and speed vector
 * before it is enabled, before the first step, and after one and two steps. */
#include <math.h>
#include <stdio.h>
#include <webots/gps.h>
#include <webots/robot.h>

/* a component a rounding error away from 0 prints as 0, not -0 */
static double tidy(double x) { return fabs(x) < 5e-7 ? 0.0 : x; }

static void report(const char *when, WbDeviceTag gps, const char *name) {
  const double *v = wb_gps_get_speed_vector(gps);
  printf("%s %s: %.6f [%.6f %.6f %.6f]\n", when, name, tidy(wb_gps_get_speed(gps)), tidy(v[0]), tidy(v[1]), tidy(v[2]));
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag dynamic = wb_robot_get_device("gps_with_physics");
  const WbDeviceTag kinematic = wb_robot_get_device("gps_without_physics");
  report("disabled", dynamic, "dynamic");
  report("disabled", kinematic, "kinematic");
  wb_gps_enable(dynamic, step);
  wb_gps_enable(kinematic, step);
  report("enabled", dynamic, "dynamic");
  report("enabled", kinematic, "kinematic");
  wb_robot_step(step);
  report("step 1", dynamic, "dynamic");
  report("step 1", kinematic, "kinematic");
  wb_robot_step(step);
  report("step 2", dynamic, "dynamic");
  report("step 2", kinematic, "kinematic");
  wb_robot_cleanup();
  return 0;
}
