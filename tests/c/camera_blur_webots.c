/* Webots' camera_color_motion_blur, reproduced with values from the Camera reference: a camera's
 * `motionBlur` is its pixels' response time T in ms, the time to reach 99.5% of a new colour, so a frame
 * taken dt ms after the previous one keeps a = 0.005^(dt / T) of the previous image. The sky turns from red
 * to blue: n frames later a blurred pixel is (255 a^n, 0, 255 (1 - a^n)), within 1 for the 8-bit rounding;
 * the first frame is the view itself; a camera without motionBlur changes at once; a camera sampled every
 * 64 ms keeps 0.005^(64 / T) per frame. Argument: unused. */
#include <math.h>
#include <webots/camera.h>
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32
#define RESPONSE_MS 256.0

static void expect_red_share(WbDeviceTag camera, double red_share) {
  const unsigned char *image = wb_camera_get_image(camera);
  CHECK(image, "no image");
  const int w = wb_camera_get_width(camera);
  const int red = wb_camera_image_get_red(image, w, 1, 2), blue = wb_camera_image_get_blue(image, w, 1, 2);
  const double er = 255.0 * red_share, eb = 255.0 * (1.0 - red_share);
  CHECK(fabs(red - er) <= 1.0 && fabs(blue - eb) <= 1.0 && wb_camera_image_get_green(image, w, 1, 2) == 0,
        "%s at %g s: red %d blue %d, expected %.2f %.2f", wb_device_get_name(camera), wb_robot_get_time(), red,
        blue, er, eb);
}

int main(void) {
  wb_robot_init();
  WbDeviceTag blurred = wb_robot_get_device("blurred"), sharp = wb_robot_get_device("sharp"),
              slow = wb_robot_get_device("slow");
  wb_camera_enable(blurred, TIME_STEP);
  wb_camera_enable(sharp, TIME_STEP);
  wb_camera_enable(slow, 2 * TIME_STEP);
  const double a = pow(0.005, TIME_STEP / RESPONSE_MS), b = pow(0.005, 2 * TIME_STEP / RESPONSE_MS);
  wb_robot_step(TIME_STEP);
  wb_robot_step(TIME_STEP);
  /* the first frames are the red sky itself */
  expect_red_share(blurred, 1.0);
  expect_red_share(sharp, 1.0);
  expect_red_share(slow, 1.0);
  const double blue[3] = {0, 0, 1};
  wb_supervisor_field_set_mf_color(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SKY"), "skyColor"),
                                   0, blue);
  wb_robot_step(TIME_STEP);
  expect_red_share(blurred, a);
  expect_red_share(sharp, 0.0);
  expect_red_share(slow, 1.0);
  wb_robot_step(TIME_STEP);
  expect_red_share(blurred, a * a);
  expect_red_share(slow, b);
  for (int n = 3; n <= 8; n++) {
    wb_robot_step(TIME_STEP);
    expect_red_share(blurred, pow(a, n));
  }
  /* after the response time (8 frames of 32 ms for 256 ms) the pixel has 99.5% of the new colour */
  CHECK(fabs(pow(a, 8) - 0.005) < 1e-12, "response time");
  for (int n = 9; n <= 12; n++)
    wb_robot_step(TIME_STEP);
  expect_red_share(blurred, 0.0);
  expect_red_share(slow, pow(b, 6));
  printf("camera motion blur test passed\n");
  wb_robot_cleanup();
  return 0;
}
