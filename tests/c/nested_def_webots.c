/* Webots' nested_def_nodes API test, reproduced: a supervisor changes the size of DEF boxes used again
 * through nested DEF/USE Groups and Transforms (in bounding objects too), and a Transform's translation;
 * at the next step the distance sensors measure the changed bounding objects (and, infra-red, the changed
 * Shapes): every USE follows its DEF. */
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define NEAR(v, expected, delta, what) \
  CHECK(fabs((v) - (expected)) <= (delta), "%s reads %g, expected %g", what, (double)(v), (double)(expected))

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag ds[6];
  const char *names[6] = {"ds1", "ds2", "ds3", "ds4", "ds5", "ds6"};
  for (int i = 0; i < 6; i++) {
    ds[i] = wb_robot_get_device(names[i]);
    wb_distance_sensor_enable(ds[i], step);
  }
  wb_robot_step(step);
  for (int i = 0; i < 6; i++)
    NEAR(wb_distance_sensor_get_value(ds[i]), 1000.0, 1.0, names[i]);

  const double size[3] = {0.3, 0.1, 0.1};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("B1"), "size"), size);
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("B2"), "size"), size);
  wb_robot_step(step);
  /* 5 cm from the grown boxes: half the lookup table's 1000 at 10 cm */
  NEAR(wb_distance_sensor_get_value(ds[0]), 500.0, 1.0, "ds1 (the DEF box)");
  NEAR(wb_distance_sensor_get_value(ds[1]), 500.0, 1.0, "ds2 (its USE)");
  NEAR(wb_distance_sensor_get_value(ds[2]), 500.0, 1.0, "ds3 (the second DEF box)");
  NEAR(wb_distance_sensor_get_value(ds[3]), 1000.0, 1.0, "ds4 (before the move)");
  /* infra-red, 5 cm from the grown red box's copy drawn without a bounding object: the distance over
   * Webots' reflection factor 0.2 + 0.8 x red (0.937255) through the table (Webots: 526 +- 10) */
  NEAR(wb_distance_sensor_get_value(ds[4]), 10000.0 * 0.05 / (0.2 + 0.8 * 0.937255), 1.0, "ds5 (a USE drawn only)");

  const double translation[3] = {0.4, 0, -0.2};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("T2"), "translation"),
                                   translation);
  wb_robot_step(step);
  /* the copy of T2 in the first Solid's bounding object (USE G) moved in front of ds4 */
  NEAR(wb_distance_sensor_get_value(ds[3]), 500.0, 1.0, "ds4 (the moved Transform's copy)");
  /* the moved Transform's copy outside any Solid, in front of the infra-red ds6: the yellow red 0.988235
   * (Webots: 504 +- 1) */
  NEAR(wb_distance_sensor_get_value(ds[5]), 10000.0 * 0.05 / (0.2 + 0.8 * 0.988235), 1.0, "ds6 (a copy in no Solid)");
  printf("nested def nodes test passed\n");
  wb_robot_cleanup();
  return 0;
}
