/* A GPS in a WGS84 world on a robot that falls (Webots' gps_coordinates world; tests/gps_wgs84_falling.rs):
 * prints its coordinate system and values after one step, its speed 20 steps later, and the degrees,
 * minutes and seconds of the reference's longitude. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/gps.h>
#include <webots/robot.h>

#define STEP 32

int main(void) {
  wb_robot_init();
  const WbDeviceTag gps = wb_robot_get_device("gps");
  wb_gps_enable(gps, STEP);
  printf("system %d\n", (int)wb_gps_get_coordinate_system(gps));
  wb_robot_step(STEP);
  const double *v = wb_gps_get_values(gps);
  printf("values %.9f %.9f %.9f\n", v[0], v[1], v[2]);
  for (int i = 0; i < 20; ++i)
    wb_robot_step(STEP);
  printf("speed %.6f\n", wb_gps_get_speed(gps));
  char *text = (char *)wb_gps_convert_to_degrees_minutes_seconds(-73.94);
  printf("dms %s\n", text);
  free(text);
  wb_robot_cleanup();
  return 0;
}
