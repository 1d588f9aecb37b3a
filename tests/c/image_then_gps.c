/* Loads an image into a display (several packets in one request in Webots' protocol), then enables a
 * GPS, steps once and says whether the GPS has a value (Webots' robot_time_consecutive_packets
 * scenario, tests/display.rs). */
#include <stdio.h>
#include <webots/display.h>
#include <webots/gps.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag display = wb_robot_get_device("display");
  const WbDeviceTag gps = wb_robot_get_device("gps");
  WbImageRef image = wb_display_image_load(display, "picture.png");
  wb_gps_enable(gps, 32);
  wb_robot_step(32);
  const double x = wb_gps_get_values(gps)[0];
  printf("image %s, gps %s\n", image ? "loaded" : "missing", x == x ? "sampled" : "NaN");
  wb_robot_cleanup();
  return 0;
}
