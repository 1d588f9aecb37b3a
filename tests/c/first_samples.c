/* What sensors read before they may and while nothing touches them (Webots' altimeter, touch_sensor_force
 * and touch_sensor_force3d scenarios): argv[1] "altimeter" prints the altimeter before enable, after enable
 * before a step, then after each of 3 steps; "falling" prints a force sensor's lookup table, its value and
 * a force-3d sensor's vector after 5 steps of free fall (tests/sensors.rs). */
#include <stdio.h>
#include <string.h>
#include <webots/altimeter.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  if (argc > 1 && strcmp(argv[1], "altimeter") == 0) {
    const WbDeviceTag a = wb_robot_get_device("altimeter");
    printf("before enable %g\n", wb_altimeter_get_value(a));
    wb_altimeter_enable(a, step);
    printf("before a step %g\n", wb_altimeter_get_value(a));
    for (int i = 1; i <= 3; ++i) {
      wb_robot_step(step);
      printf("after step %d %g\n", i, wb_altimeter_get_value(a));
    }
  } else {
    const WbDeviceTag force = wb_robot_get_device("force"), force3d = wb_robot_get_device("force3d");
    wb_touch_sensor_enable(force, step);
    wb_touch_sensor_enable(force3d, step);
    const double *t = wb_touch_sensor_get_lookup_table(force);
    printf("table of %d rows: %g %g %g, %g %g %g\n", wb_touch_sensor_get_lookup_table_size(force), t[0], t[1], t[2], t[3],
           t[4], t[5]);
    for (int i = 0; i < 5; ++i)
      wb_robot_step(step);
    const double *v = wb_touch_sensor_get_values(force3d);
    printf("in free fall %g, 3d %g %g %g\n", wb_touch_sensor_get_value(force), v[0], v[1], v[2]);
  }
  wb_robot_cleanup();
  return 0;
}
