/* Webots' supervisor_set_position_loop scenario (tests/supervisor_pinned_release.rs): a supervisor pins a
 * two-legged robot in the air for 100 steps by writing its translation and resetting its physics each
 * step; it must touch neither the ground nor the walls and its legs must stay under its hips. Released,
 * it drops onto its feet, never touches the walls, and from the 200th step on stands on the ground. */
#include <math.h>
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/touch_sensor.h>

#include "check.h"

#define STEP 8
#define PIN_Y 0.26

static double foot_drop(WbNodeRef foot) {
  return wb_supervisor_node_get_position(foot)[1];
}

int main(void) {
  wb_robot_init();
  WbNodeRef walker = wb_supervisor_node_get_from_def("WALKER");
  WbNodeRef left = wb_supervisor_node_get_from_def("LEFT_LEG");
  WbNodeRef right = wb_supervisor_node_get_from_def("RIGHT_LEG");
  CHECK(walker && left && right, "DEF WALKER, LEFT_LEG or RIGHT_LEG not found");
  WbFieldRef translation = wb_supervisor_node_get_field(walker, "translation");
  WbDeviceTag ground = wb_robot_get_device("ground collider");
  WbDeviceTag walls = wb_robot_get_device("walls collider");
  wb_touch_sensor_enable(ground, STEP);
  wb_touch_sensor_enable(walls, STEP);
  const double pin[3] = {0.0, PIN_Y, 0.0};

  for (int i = 0; i < 100; ++i) {
    wb_supervisor_field_set_sf_vec3f(translation, pin);
    wb_supervisor_node_reset_physics(walker);
    wb_robot_step(STEP);
    CHECK(wb_touch_sensor_get_value(ground) == 0.0, "pinned, the robot touches the ground at step %d", i);
    CHECK(wb_touch_sensor_get_value(walls) == 0.0, "pinned, the robot touches the walls at step %d", i);
    const double *p = wb_supervisor_node_get_position(walker);
    CHECK(fabs(p[0]) < 1e-6 && fabs(p[2]) < 1e-6 && fabs(p[1] - PIN_Y) < 1e-3, "pinned at step %d, the robot is at %g %g %g",
          i, p[0], p[1], p[2]);
    /* each leg's centre hangs 0.1 m under the hips when its joint holds 0 */
    CHECK(fabs(foot_drop(left) - (p[1] - 0.1)) < 1e-3 && fabs(foot_drop(right) - (p[1] - 0.1)) < 1e-3,
          "pinned at step %d, the legs are at %g and %g under hips at %g", i, foot_drop(left), foot_drop(right), p[1]);
  }
  printf("pinned 100 steps\n");

  for (int i = 0; i < 200; ++i) {
    wb_robot_step(STEP);
    CHECK(wb_touch_sensor_get_value(walls) == 0.0, "released, the robot touches the walls at step %d", i);
    if (i >= 100)
      CHECK(wb_touch_sensor_get_value(ground) == 1.0, "released, the robot is off the ground at step %d", i);
  }
  const double *p = wb_supervisor_node_get_position(walker);
  const double *r = wb_supervisor_node_get_orientation(walker);
  printf("standing at %.5f %.5f %.5f up %.5f\n", p[0], p[1], p[2], r[4]);
  printf("legs at %.5f %.5f\n", foot_drop(left), foot_drop(right));
  wb_robot_cleanup();
  return 0;
}
