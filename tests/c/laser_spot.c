/* A camera looking down at the floor where a laser distance sensor points (see tests/laser_spot.rs):
 * enables the laser when argv[1] is "on", steps twice, prints the laser's value and the colour of the
 * image's centre pixel and of the pixels 2 and 12 columns to its right. */
#include <string.h>
#include <webots/camera.h>
#include <webots/distance_sensor.h>
#include <webots/robot.h>

#include "check.h"

static void print_pixel(const unsigned char *image, int w, int x, int y) {
  printf("pixel %d %d %d %d\n", x - w / 2, wb_camera_image_get_red(image, w, x, y),
         wb_camera_image_get_green(image, w, x, y), wb_camera_image_get_blue(image, w, x, y));
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: laser_spot on|off");
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  WbDeviceTag laser = wb_robot_get_device("laser");
  CHECK(camera && laser, "devices missing");
  wb_camera_enable(camera, 32);
  if (strcmp(argv[1], "on") == 0)
    wb_distance_sensor_enable(laser, 32);
  wb_robot_step(32);
  wb_robot_step(32);
  printf("laser %.6f\n", wb_distance_sensor_get_value(laser));
  const unsigned char *image = wb_camera_get_image(camera);
  CHECK(image != NULL, "no image");
  const int w = wb_camera_get_width(camera), h = wb_camera_get_height(camera);
  print_pixel(image, w, w / 2, h / 2);
  print_pixel(image, w, w / 2 + 2, h / 2);
  print_pixel(image, w, w / 2 + 12, h / 2);
  wb_robot_cleanup();
  return 0;
}
