/* Webots' camera_color_motion_blur, reproduced with values from the Camera reference: a camera's
 * `motionBlur` is its pixels' response time T in ms, the time to reach 99.5% of a new colour, so a frame
 * taken dt ms after the previous one keeps a = 0.005^(dt / T) of the previous image. Webots blends the
 * frames' linear light, before its exposure mapping: the sky's full channel is the light its Background
 * asks for, H = -ln(1e-9) (the mapping 1 - e^-c taken back for 1, as Webots' Background does), so when the
 * sky turns from red to blue, n frames later a blurred pixel is (m(H a^n), 0, m(H (1 - a^n))) with
 * m(c) = 255 (1 - e^-c)^(1/2.2), within 1 for the 8-bit rounding; the first frame is the view itself; a
 * camera without motionBlur changes at once; a camera sampled every 64 ms keeps 0.005^(64 / T) per frame.
 * Argument: unused. */
#include <math.h>
#include <webots/camera.h>
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32
#define RESPONSE_MS 256.0

/* a linear light through Webots' exposure mapping (exposure 1) and gamma, as a byte */
static double mapped(double c) {
  return 255.0 * pow(1.0 - exp(-c), 1.0 / 2.2);
}

static void expect_red_share(WbDeviceTag camera, double red_share) {
  const unsigned char *image = wb_camera_get_image(camera);
  CHECK(image, "no image");
  const int w = wb_camera_get_width(camera);
  const int red = wb_camera_image_get_red(image, w, 1, 2), blue = wb_camera_image_get_blue(image, w, 1, 2);
  const double full = -log(1e-9);
  const double er = mapped(full * red_share), eb = mapped(full * (1.0 - red_share));
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
  /* in light, not in bytes: the red of 99.5% blue is still m(0.005 H) = 89, not 1 */
  CHECK(fabs(mapped(-log(1e-9) * 0.005) - 89.0) < 0.5, "89");
  /* nor is it gone 4 frames later: m(H a^12) = 27 */
  for (int n = 9; n <= 12; n++)
    wb_robot_step(TIME_STEP);
  expect_red_share(blurred, pow(a, 12));
  CHECK(fabs(mapped(-log(1e-9) * pow(a, 12)) - 27.0) < 0.5, "27");
  expect_red_share(slow, pow(b, 6));
  printf("camera motion blur test passed\n");
  wb_robot_cleanup();
  return 0;
}
