/* A supervisor robot moves the endPoints of its own two chained sliders (S1, and S2 on S1) and its two
 * bumpers (TS1, TS2) by writing their translations before the first step, then drives the sliders into
 * the bumpers: m1 first, then m2. After each phase it prints the bumpers' values and where S1 and S2 are
 * along the robot's x axis (relative to the robot), for the Rust test to check against the geometry. */
#include <webots/motor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/touch_sensor.h>

#include "check.h"

#define TIME_STEP 32

static WbNodeRef node(const char *def) {
  WbNodeRef n = wb_supervisor_node_get_from_def(def);
  CHECK(n, "no node DEF %s", def);
  return n;
}

static void move(const char *def, double x, double y, double z) {
  WbFieldRef f = wb_supervisor_node_get_field(node(def), "translation");
  CHECK(f, "no translation field in %s", def);
  const double t[3] = {x, y, z};
  wb_supervisor_field_set_sf_vec3f(f, t);
}

static void report(const char *phase, WbDeviceTag ts1, WbDeviceTag ts2) {
  const double *robot = wb_supervisor_node_get_position(wb_supervisor_node_get_self());
  const double *s1 = wb_supervisor_node_get_position(node("S1"));
  const double *s2 = wb_supervisor_node_get_position(node("S2"));
  printf("%s %g %g %.4f %.4f\n", phase, wb_touch_sensor_get_value(ts1), wb_touch_sensor_get_value(ts2), s1[0] - robot[0],
         s2[0] - robot[0]);
}

static void run_for(double seconds) {
  const double end = wb_robot_get_time() + seconds;
  while (wb_robot_get_time() < end - 1e-9)
    CHECK(wb_robot_step(TIME_STEP) != -1, "the simulation ended early");
}

int main(void) {
  wb_robot_init();
  move("S1", 0.0, 0.0, 0.15);
  move("S2", 0.0, 0.0, 0.15);
  move("TS1", -0.3, 0.0, 0.15);
  move("TS2", -0.4, 0.0, 0.3);
  WbDeviceTag m1 = wb_robot_get_device("m1"), m2 = wb_robot_get_device("m2");
  WbDeviceTag ts1 = wb_robot_get_device("ts1"), ts2 = wb_robot_get_device("ts2");
  CHECK(m1 && m2 && ts1 && ts2, "a motor or a bumper is missing");
  wb_touch_sensor_enable(ts1, TIME_STEP);
  wb_touch_sensor_enable(ts2, TIME_STEP);
  run_for(0.2);
  report("moved", ts1, ts2);
  wb_motor_set_position(m1, -0.15);
  run_for(1.0);
  report("m1", ts1, ts2);
  wb_motor_set_position(m2, -0.15);
  run_for(1.0);
  report("m2", ts1, ts2);
  wb_robot_cleanup();
  return 0;
}
