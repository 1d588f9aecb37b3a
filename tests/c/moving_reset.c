/* The moving-robot part of Webots' supervisor_field: a supervisor notes where a driving robot is (start),
 * lets it drive on for STEPS steps (end), writes start back into the robot's translation field and lets
 * it drive STEPS steps more. A supervisor's write moves the robot without stopping it, so it is back near
 * end. Prints "start X Y Z", "end X Y Z" and "again X Y Z" (the field's values).
 *   moving_reset DEF STEPS */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

static void step_n(int n, int step) {
  for (int i = 0; i < n; ++i)
    CHECK(wb_robot_step(step) != -1, "the run ended early");
}

static void print_field(const char *tag, WbFieldRef field, double out[3]) {
  const double *v = wb_supervisor_field_get_sf_vec3f(field);
  CHECK(v != NULL, "no translation for %s", tag);
  for (int i = 0; i < 3; ++i)
    out[i] = v[i];
  printf("%s %.6f %.6f %.6f\n", tag, out[0], out[1], out[2]);
}

int main(int argc, char **argv) {
  CHECK(argc == 3, "usage: moving_reset DEF STEPS");
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const int steps = atoi(argv[2]);
  const WbNodeRef robot = wb_supervisor_node_get_from_def(argv[1]);
  CHECK(robot != NULL, "no node %s", argv[1]);
  const WbFieldRef translation = wb_supervisor_node_get_field(robot, "translation");
  CHECK(translation != NULL, "no translation field");
  double start[3], end[3], again[3];
  step_n(steps, step);
  print_field("start", translation, start);
  step_n(steps, step);
  print_field("end", translation, end);
  wb_supervisor_field_set_sf_vec3f(translation, start);
  step_n(steps, step);
  print_field("again", translation, again);
  wb_robot_cleanup();
  return 0;
}
