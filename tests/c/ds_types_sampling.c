/* Webots' distance_sensor_enable_disable with its four sensors (tests/distance_sensor_types_sampling.rs):
 * "generic" sampled every third step, "sonar", "infra-red" (a generic one) and "laser" every step; after
 * step 3 the robot's supervisor moves it 3 cm back and disables the sonar and the laser. Prints the four
 * values before enabling and after each step. */
#include <stdio.h>
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static const char *names[4] = {"generic", "sonar", "infra-red", "laser"};
static WbDeviceTag tags[4];

static void show(const char *when) {
  printf("%s:", when);
  for (int i = 0; i < 4; ++i)
    printf(" %s %g", names[i], wb_distance_sensor_get_value(tags[i]));
  printf("\n");
}

int main(void) {
  wb_robot_init();
  for (int i = 0; i < 4; ++i)
    tags[i] = wb_robot_get_device(names[i]);
  show("before enable");
  wb_distance_sensor_enable(tags[0], 96);
  for (int i = 1; i < 4; ++i)
    wb_distance_sensor_enable(tags[i], 32);
  for (int step = 1; step <= 6; ++step) {
    wb_robot_step(32);
    char when[16];
    snprintf(when, sizeof when, "step %d", step);
    show(when);
    if (step == 3) {
      const double moved[3] = {-0.03, 0, 0.1};
      wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "translation"), moved);
      wb_distance_sensor_disable(tags[1]);
      wb_distance_sensor_disable(tags[3]);
    }
  }
  wb_robot_cleanup();
  return 0;
}
