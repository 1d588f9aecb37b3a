/* Webots' supervisor_import_remove_mf scenario (tests/supervisor_import_remove_mf.rs): a supervisor inserts
 * one item into each of eight MF fields of a template PROTO whose box grows 0.1 m for each field holding
 * the awaited first item, then removes them again; a distance sensor 0.5 m from the box's centre reads
 * 0.5 - side / 2 one step after each write. Indices 0 and -1 alternate; an MFString gets two items in one
 * step, the second at index 1, and reads them back in order before the step. */
#include <stdio.h>
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define STEP 32

static WbDeviceTag sensor;
static double expected = 0.45;

/* One step after a write, the sensor sees the box grown (+1) or shrunk (-1) by 0.1 m. */
static void step_and_check(int growth, const char *what) {
  expected -= 0.05 * growth;
  wb_robot_step(STEP);
  const double d = wb_distance_sensor_get_value(sensor);
  CHECK(fabs(d - expected) < 1e-4, "after %s the sensor reads %.6f, expected %.6f", what, d, expected);
  printf("%s %.4f\n", what, d);
}

int main(void) {
  wb_robot_init();
  sensor = wb_robot_get_device("distance sensor");
  wb_distance_sensor_enable(sensor, STEP);
  WbNodeRef grower = wb_supervisor_node_get_from_def("GROWER");
  CHECK(grower != NULL, "DEF GROWER not found");
  WbFieldRef f[8];
  const char *names[8] = {"flags", "counts", "ratios", "points", "positions", "turns", "tints", "labels"};
  for (int i = 0; i < 8; ++i) {
    f[i] = wb_supervisor_node_get_field(grower, names[i]);
    CHECK(f[i] != NULL, "field %s not found", names[i]);
    CHECK_INT(wb_supervisor_field_get_count(f[i]), 0);
  }

  wb_robot_step(STEP);
  step_and_check(0, "start");

  const double point[2] = {0.1, 0.2};
  const double position[3] = {0.1, 0.2, 0.3};
  const double turn[4] = {0.0, 1.0, 0.0, 0.57};
  const double tint[3] = {0.1, 0.2, 0.3};
  wb_supervisor_field_insert_mf_bool(f[0], 0, true);
  step_and_check(1, "+bool");
  wb_supervisor_field_insert_mf_int32(f[1], -1, 17);
  step_and_check(1, "+int32");
  wb_supervisor_field_insert_mf_float(f[2], 0, 0.54);
  step_and_check(1, "+float");
  wb_supervisor_field_insert_mf_vec2f(f[3], -1, point);
  step_and_check(1, "+vec2f");
  wb_supervisor_field_insert_mf_vec3f(f[4], 0, position);
  step_and_check(1, "+vec3f");
  wb_supervisor_field_insert_mf_rotation(f[5], -1, turn);
  step_and_check(1, "+rotation");
  wb_supervisor_field_insert_mf_color(f[6], 0, tint);
  step_and_check(1, "+color");
  wb_supervisor_field_insert_mf_string(f[7], -1, "first label");
  wb_supervisor_field_insert_mf_string(f[7], 1, "second label");
  CHECK_INT(wb_supervisor_field_get_count(f[7]), 2);
  CHECK_STR(wb_supervisor_field_get_mf_string(f[7], 0), "first label");
  CHECK_STR(wb_supervisor_field_get_mf_string(f[7], 1), "second label");
  step_and_check(1, "+string");

  /* removing the first label leaves the second first, which the template does not await */
  wb_supervisor_field_remove_mf(f[7], 0);
  step_and_check(-1, "-string");
  const int removal_index[7] = {-1, 0, -1, 0, -1, 0, -1};
  const char *removed[7] = {"-color", "-rotation", "-vec3f", "-vec2f", "-float", "-int32", "-bool"};
  for (int i = 6; i >= 0; --i) {
    wb_supervisor_field_remove_mf(f[i], removal_index[6 - i]);
    CHECK_INT(wb_supervisor_field_get_count(f[i]), 0);
    step_and_check(-1, removed[6 - i]);
  }
  CHECK_INT(wb_supervisor_field_get_count(f[7]), 1);
  wb_robot_cleanup();
  return 0;
}
