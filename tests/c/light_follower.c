/* A supervisor robot whose LightSensor (facing +x) reads a lamp that it moves itself: in front at 1 m,
 * then 45 degrees off its axis at 1 m, then at 2 m in front, then behind it; prints "lamp K VALUE" after
 * each move's step (tests/light_sensor_webots.rs). */
#include <math.h>
#include <stdio.h>
#include <webots/light_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag ls = wb_robot_get_device("ls");
  wb_light_sensor_enable(ls, 32);
  const WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("LAMP"), "translation");
  const double places[4][3] = {{1, 0, 0}, {sqrt(0.5), sqrt(0.5), 0}, {2, 0, 0}, {-1, 0, 0}};
  for (int k = 0; k < 4; ++k) {
    wb_supervisor_field_set_sf_vec3f(translation, places[k]);
    wb_robot_step(32);
    printf("lamp %d %.9f\n", k, wb_light_sensor_get_value(ls));
  }
  wb_robot_cleanup();
  return 0;
}
