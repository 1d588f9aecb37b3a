/* wb_robot_step_begin/step_end with a supervisor moving its own robot in between (Webots'
 * robot_parallel_step scenario): sensor values read between begin and end are the previous step's,
 * and stay so however long the controller computes; the move shows after the step that carries it
 * (tests/robot_api.rs). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <webots/compass.h>
#include <webots/distance_sensor.h>
#include <webots/gps.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static WbDeviceTag gps, compass, ds;

static void show(const char *when) {
  const double *p = wb_gps_get_values(gps);
  const double *n = wb_compass_get_values(compass);
  printf("%s: gps %.3f %.3f %.3f compass %.3f %.3f %.3f ds %.3f\n", when, p[0], p[1], p[2], n[0], n[1], n[2],
         wb_distance_sensor_get_value(ds));
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  gps = wb_robot_get_device("gps");
  compass = wb_robot_get_device("compass");
  ds = wb_robot_get_device("ds");
  wb_gps_enable(gps, step);
  wb_compass_enable(compass, step);
  wb_distance_sensor_enable(ds, step);
  WbNodeRef self = wb_supervisor_node_get_self();
  WbFieldRef translation = wb_supervisor_node_get_field(self, "translation");
  WbFieldRef rotation = wb_supervisor_node_get_field(self, "rotation");
  const double moved[3] = {-0.05, 0, 0.1}, turned[4] = {0, 0, 1, 1.5707963267948966};
  const double back[3] = {0.1, 0, 0.1}, straight[4] = {0, 0, 1, 0};

  wb_robot_step_begin(step);
  wb_supervisor_field_set_sf_rotation(rotation, turned);
  wb_supervisor_field_set_sf_vec3f(translation, moved);
  wb_robot_step_end();

  wb_robot_step_begin(step);
  show("step 2, between");
  wb_supervisor_field_set_sf_rotation(rotation, straight);
  wb_supervisor_field_set_sf_vec3f(translation, back);
  wb_robot_step_end();

  wb_robot_step_begin(step);
  show("step 3, between");
  usleep(150 * 1000);
  show("step 3, later");
  wb_robot_step_end();
  show("step 3, after");
  wb_robot_cleanup();
  return 0;
}
