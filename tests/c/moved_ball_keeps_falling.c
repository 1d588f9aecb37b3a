/* Webots' supervisor_inertia scenario (tests/supervisor_inertia.rs): a ball falls for a second above one
 * bumper, a supervisor writes its translation 2 m over (x and z) above a second bumper without resetting
 * its physics, and the ball, still falling at its speed, hits the second bumper; the first is never hit. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/touch_sensor.h>

#include "check.h"

#define STEP 8

int main(void) {
  wb_robot_init();
  WbNodeRef ball = wb_supervisor_node_get_from_def("BALL");
  CHECK(ball != NULL, "DEF BALL not found");
  WbFieldRef translation = wb_supervisor_node_get_field(ball, "translation");
  WbDeviceTag red = wb_robot_get_device("red_collider");
  WbDeviceTag green = wb_robot_get_device("green_collider");
  wb_touch_sensor_enable(red, STEP);
  wb_touch_sensor_enable(green, STEP);

  while (wb_robot_get_time() < 1.0 - 1e-9)
    wb_robot_step(STEP);
  const double *t = wb_supervisor_field_get_sf_vec3f(translation);
  const double moved[3] = {t[0] + 2.0, t[1], t[2] + 2.0};
  printf("moved at %.3f from height %.4f\n", wb_robot_get_time(), t[1]);
  wb_supervisor_field_set_sf_vec3f(translation, moved);

  while (wb_touch_sensor_get_value(green) != 1.0) {
    CHECK(wb_robot_get_time() < 2.0, "the second bumper was not hit within a second");
    CHECK(wb_touch_sensor_get_value(red) == 0.0, "the first bumper was hit at %.3f", wb_robot_get_time());
    wb_robot_step(STEP);
  }
  printf("hit at %.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
