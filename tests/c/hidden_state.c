/* A robot whose world file restores its state through hidden lines (Webots' hidden_parameter_single
 * scenario): prints its joints' positions, where its body and its arm are at the first two steps, for
 * the Rust test to check against the saved values. */
#include <webots/gps.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const char *sensors[] = {"hinge_sensor", "slider_sensor"};
  const char *gps[] = {"body_gps", "arm_gps"};
  for (int i = 0; i < 2; i++) {
    wb_position_sensor_enable(wb_robot_get_device(sensors[i]), step);
    wb_gps_enable(wb_robot_get_device(gps[i]), step);
  }
  for (int k = 1; k <= 2; k++) {
    wb_robot_step(step);
    printf("step%d %.9f %.9f", k, wb_position_sensor_get_value(wb_robot_get_device(sensors[0])),
           wb_position_sensor_get_value(wb_robot_get_device(sensors[1])));
    for (int i = 0; i < 2; i++) {
      const double *p = wb_gps_get_values(wb_robot_get_device(gps[i]));
      printf(" %.9f %.9f %.9f", p[0], p[1], p[2]);
    }
    printf("\n");
  }
  wb_robot_cleanup();
  return 0;
}
