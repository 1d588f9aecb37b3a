/* Prints, after 3 s, the robot's height (its GPS) and what each of its four force sensors "f1".."f4"
 * reads; with the argument "push", prints instead the GPS at each step for half a second; with "move X Y
 * Z", the same after writing the translation of the Solid DEF BUMPER (the robot is a supervisor). */
#include <stdio.h>
#include <string.h>
#include <webots/gps.h>
#include <stdlib.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/touch_sensor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag gps = wb_robot_get_device("gps");
  wb_gps_enable(gps, step);
  if (argc > 4 && strcmp(argv[1], "move") == 0) {
    const double t[3] = {atof(argv[2]), atof(argv[3]), atof(argv[4])};
    wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("BUMPER"), "translation"), t);
  }
  if (argc > 1 && (strcmp(argv[1], "push") == 0 || strcmp(argv[1], "move") == 0)) {
    while (wb_robot_step(step) != -1 && wb_robot_get_time() < 0.5) {
      const double *p = wb_gps_get_values(gps);
      printf("t=%.3f %.5f %.5f %.5f\n", wb_robot_get_time(), p[0], p[1], p[2]);
    }
    wb_robot_cleanup();
    return 0;
  }
  WbDeviceTag feet[4];
  char name[3] = "f1";
  for (int i = 0; i < 4; i++) {
    name[1] = (char)('1' + i);
    feet[i] = wb_robot_get_device(name);
    wb_touch_sensor_enable(feet[i], step);
  }
  while (wb_robot_get_time() < 3.0 - 1e-9)
    wb_robot_step(step);
  printf("z %.6f feet", wb_gps_get_values(gps)[2]);
  for (int i = 0; i < 4; i++)
    printf(" %.4f", wb_touch_sensor_get_value(feet[i]));
  printf("\n");
  wb_robot_cleanup();
  return 0;
}
