/* A camera looking at an LED's shape (see tests/led_camera.rs): prints the centre pixel with the LED
 * off, then with the LED set to its first colour. */
#include <webots/camera.h>
#include <webots/led.h>
#include <webots/robot.h>

#include "check.h"

static void print_centre(WbDeviceTag camera, const char *what) {
  const unsigned char *image = wb_camera_get_image(camera);
  CHECK(image != NULL, "no image");
  const int w = wb_camera_get_width(camera), h = wb_camera_get_height(camera);
  printf("%s %d %d %d\n", what, wb_camera_image_get_red(image, w, w / 2, h / 2),
         wb_camera_image_get_green(image, w, w / 2, h / 2), wb_camera_image_get_blue(image, w, w / 2, h / 2));
}

int main(void) {
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  WbDeviceTag led = wb_robot_get_device("led");
  CHECK(camera && led, "devices missing");
  wb_camera_enable(camera, 32);
  wb_robot_step(32);
  print_centre(camera, "off");
  wb_led_set(led, 1);
  wb_robot_step(32);
  wb_robot_step(32);
  print_centre(camera, "on");
  wb_robot_cleanup();
  return 0;
}
