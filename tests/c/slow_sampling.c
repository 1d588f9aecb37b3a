/* A sensor sampled every third step next to one sampled every step, and the robot moved by its own
 * supervisor (Webots' distance_sensor_enable_disable scenario): prints both values at each step; the
 * fast one is disabled when the robot moves (tests/sensors.rs). */
#include <stdio.h>
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static void show(const char *when, WbDeviceTag slow, WbDeviceTag fast) {
  printf("%s: slow %g fast %g\n", when, wb_distance_sensor_get_value(slow), wb_distance_sensor_get_value(fast));
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag slow = wb_robot_get_device("slow"), fast = wb_robot_get_device("fast");
  show("before enable", slow, fast);
  wb_distance_sensor_enable(slow, 96);
  wb_distance_sensor_enable(fast, 32);
  const char *names[] = {"step 1", "step 2", "step 3", "step 4", "step 5", "step 6"};
  for (int i = 0; i < 6; ++i) {
    wb_robot_step(32);
    show(names[i], slow, fast);
    if (i == 2) {
      const double moved[3] = {-0.03, 0, 0.1};
      wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "translation"), moved);
      wb_distance_sensor_disable(fast);
    }
  }
  wb_robot_cleanup();
  return 0;
}
