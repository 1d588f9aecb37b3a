/* Webots' camera API tests, reproduced (argument: the test):
 * - image_update (camera_image_update): NULL images before the first step, even once enabled; a camera
 *   sampled every other step keeps its black first image, then follows a supervisor's colour changes
 *   one step late; colours within Webots' 20 of 255 · diffuseColor under a purely ambient light.
 * - exposure (camera_color_exposure): a red box lit by two lights 45 degrees off, with their ambient
 *   intensities: red 190 at exposure 0.5, saturated at 5; the sky above stays its blue.
 * - focus (camera_color_focus): the same scene at exposure 1 with a Focus of focal length 0.1 m and no
 *   focal distance: sharp, red 227; focused at 0.1 m (the middle of [0, 0.2]) the box (0.45 m) and the
 *   sky are 1.5 focal lengths or more behind, blurred with Webots' largest 7.5-pixel circle: the rows
 *   next to the edge mix red and blue (the sky's blue stays saturated), the rows farther than the
 *   circle's taps keep their colour; a focal distance outside the Focus range is refused.
 * - focus_on_box: focused on the box's face (0.45 m), the box is sharp up to the edge; focused at
 *   0.1 m it is not.
 * - unlit (robot_multiple_step's colours): an Appearance without material and a Shape without
 *   appearance are unlit white, Webots' default shader's linear 1 through the exposure:
 *   255 · (1 - e^-1)^(1/2.2) = 207 at exposure 1, 255 · (1 - e^-0.5)^(1/2.2) = 167 at 0.5, whatever the
 *   lights; the sky shows its skyColor 0.4 0.7 1 as written.
 * - red_box (supervisor_reset_simulation's camera): a red box under a light straight on: (207, 0, 0). */
#include <math.h>
#include <string.h>
#include <webots/camera.h>
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

static void expect_color(WbDeviceTag camera, const double *color) {
  const unsigned char *image = wb_camera_get_image(camera);
  CHECK(image, "no image for %s", wb_device_get_name(camera));
  const int w = wb_camera_get_width(camera);
  const int r = wb_camera_image_get_red(image, w, 0, 0), g = wb_camera_image_get_green(image, w, 0, 0),
            b = wb_camera_image_get_blue(image, w, 0, 0);
  const int er = 255.0 * color[0] + 0.49, eg = 255.0 * color[1] + 0.49, eb = 255.0 * color[2] + 0.49;
  CHECK(abs(r - er) <= 20 && abs(g - eg) <= 20 && abs(b - eb) <= 20, "%s at %g s: (%d %d %d), expected (%d %d %d)",
        wb_device_get_name(camera), wb_robot_get_time(), r, g, b, er, eg, eb);
}

static void image_update(void) {
  static const double black[3] = {0, 0, 0}, c0[3] = {0.8, 0.8, 0.8}, c1[3] = {0.0, 0.7, 0.5}, c2[3] = {0.7, 0.5, 0.7},
                      c3[3] = {0.25, 0.25, 0.7};
  WbFieldRef color = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("MATERIAL"), "diffuseColor");
  WbDeviceTag cam0 = wb_robot_get_device("camera0"), cam1 = wb_robot_get_device("camera1");
  CHECK(!wb_camera_get_image(cam0) && !wb_camera_get_image(cam1), "images before enable");
  wb_camera_enable(cam0, TIME_STEP);
  wb_camera_enable(cam1, 2 * TIME_STEP);
  CHECK(!wb_camera_get_image(cam0) && !wb_camera_get_image(cam1), "images after enable, before a step");
  wb_robot_step(TIME_STEP);
  expect_color(cam0, c0);
  expect_color(cam1, black);
  const double *colors[3] = {c1, c2, c3};
  const double *previous = c0;
  wb_robot_step(TIME_STEP);
  expect_color(cam0, c0);
  expect_color(cam1, c0);
  for (int i = 0; i < 3; i++) {
    wb_supervisor_field_set_sf_color(color, colors[i]);
    wb_robot_step(TIME_STEP);
    expect_color(cam0, colors[i]);
    expect_color(cam1, previous);
    wb_robot_step(TIME_STEP);
    expect_color(cam0, colors[i]);
    expect_color(cam1, colors[i]);
    previous = colors[i];
  }
}

static void halves(WbDeviceTag camera, int red_below) {
  const unsigned char *image = wb_camera_get_image(camera);
  const int w = wb_camera_get_width(camera);
  CHECK_INT(wb_camera_image_get_red(image, w, 31, 30), 0);
  CHECK_INT(wb_camera_image_get_blue(image, w, 31, 30), 255);
  CHECK_INT(wb_camera_image_get_red(image, w, 31, 32), red_below);
  CHECK_INT(wb_camera_image_get_blue(image, w, 31, 32), 0);
}

static int red_at(WbDeviceTag camera, int x, int y) {
  return wb_camera_image_get_red(wb_camera_get_image(camera), wb_camera_get_width(camera), x, y);
}

static int blue_at(WbDeviceTag camera, int x, int y) {
  return wb_camera_image_get_blue(wb_camera_get_image(camera), wb_camera_get_width(camera), x, y);
}

static void focus(WbDeviceTag camera) {
  halves(camera, 227);
  const double middle = (wb_camera_get_max_focal_distance(camera) + wb_camera_get_min_focal_distance(camera)) / 2;
  CHECK_DOUBLE(middle, 0.1);
  wb_camera_set_focal_distance(camera, middle);
  for (int i = 0; i < 3; i++)
    wb_robot_step(TIME_STEP);
  CHECK_DOUBLE(wb_camera_get_focal_distance(camera), 0.1);
  // Webots' assertions: the edge's rows mix
  CHECK(red_at(camera, 31, 30) != 0, "no red above the edge");
  CHECK_INT(blue_at(camera, 31, 30), 255);
  CHECK(red_at(camera, 31, 32) != 227, "the red below the edge is sharp");
  CHECK(blue_at(camera, 31, 32) != 0, "no blue below the edge");
  // rows more than the taps' reach (0.45 · 7.5 pixels) plus the blurred copy's (0.8 pixel) from the edge
  // see one colour
  CHECK(red_at(camera, 31, 10) == 0 && blue_at(camera, 31, 10) == 255, "the sky far from the edge changed");
  CHECK(red_at(camera, 31, 55) == 227 && blue_at(camera, 31, 55) == 0, "the box far from the edge changed");
  // outside [0, 0.2]: refused, the focus stays
  wb_camera_set_focal_distance(camera, 0.45);
  wb_robot_step(TIME_STEP);
  CHECK_DOUBLE(wb_camera_get_focal_distance(camera), 0.1);
  CHECK(red_at(camera, 31, 32) != 227, "the box came into focus out of range");
}

static void focus_on_box(WbDeviceTag camera) {
  CHECK_DOUBLE(wb_camera_get_focal_distance(camera), 0.45);
  // the box's face is on the focal plane: sharp next to the blurry sky
  CHECK_INT(red_at(camera, 31, 32), 227);
  CHECK_INT(blue_at(camera, 31, 32), 0);
  CHECK_INT(blue_at(camera, 31, 30), 255);
  wb_camera_set_focal_distance(camera, 0.1);
  wb_robot_step(TIME_STEP);
  CHECK(red_at(camera, 31, 32) != 227 && blue_at(camera, 31, 32) != 0, "the box stays sharp focused at 0.1 m");
}

static void expect_rgb(const char *name, int r, int g, int b) {
  WbDeviceTag camera = wb_robot_get_device(name);
  const unsigned char *image = wb_camera_get_image(camera);
  CHECK(image, "no image for %s", name);
  const int ir = wb_camera_image_get_red(image, 1, 0, 0), ig = wb_camera_image_get_green(image, 1, 0, 0),
            ib = wb_camera_image_get_blue(image, 1, 0, 0);
  CHECK(ir == r && ig == g && ib == b, "%s sees (%d, %d, %d), expected (%d, %d, %d)", name, ir, ig, ib, r, g, b);
}

static void unlit(void) {
  const char *names[4] = {"plain", "bare", "dim", "sky"};
  for (int i = 0; i < 4; i++)
    wb_camera_enable(wb_robot_get_device(names[i]), TIME_STEP);
  wb_robot_step(TIME_STEP);
  const int white = lround(255.0 * pow(1.0 - exp(-1.0), 1.0 / 2.2)),
            dim = lround(255.0 * pow(1.0 - exp(-0.5), 1.0 / 2.2));
  CHECK_INT(white, 207);
  CHECK_INT(dim, 167);
  expect_rgb("plain", white, white, white);
  expect_rgb("bare", white, white, white);
  expect_rgb("dim", dim, dim, dim);
  expect_rgb("sky", lround(255.0 * 0.4), lround(255.0 * 0.7), 255);
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: camera_webots TEST");
  wb_robot_init();
  if (strcmp(argv[1], "image_update") == 0)
    image_update();
  else if (strcmp(argv[1], "unlit") == 0)
    unlit();
  else if (strcmp(argv[1], "red_box") == 0) {
    WbDeviceTag camera = wb_robot_get_device("camera");
    wb_camera_enable(camera, TIME_STEP);
    wb_robot_step(TIME_STEP);
    const unsigned char *image = wb_camera_get_image(camera);
    const int r = wb_camera_image_get_red(image, 1, 0, 0), g = wb_camera_image_get_green(image, 1, 0, 0),
              b = wb_camera_image_get_blue(image, 1, 0, 0);
    CHECK(r == 207 && g == 0 && b == 0, "the red box is (%d, %d, %d)", r, g, b);
  } else {
    WbDeviceTag camera = wb_robot_get_device("camera");
    wb_camera_enable(camera, TIME_STEP);
    wb_robot_step(TIME_STEP);
    /* without a Zoom the field of view cannot change: its bounds are the field of view itself */
    CHECK_DOUBLE(wb_camera_get_min_fov(camera), wb_camera_get_fov(camera));
    CHECK_DOUBLE(wb_camera_get_max_fov(camera), wb_camera_get_fov(camera));
    if (strcmp(argv[1], "exposure") == 0) {
      CHECK_DOUBLE(wb_camera_get_exposure(camera), 0.5);
      halves(camera, 190);
      wb_camera_set_exposure(camera, 5);
      wb_robot_step(TIME_STEP);
      CHECK_DOUBLE(wb_camera_get_exposure(camera), 5);
      halves(camera, 255);
    } else if (strcmp(argv[1], "focus") == 0)
      focus(camera);
    else
      focus_on_box(camera);
  }
  printf("camera %s test passed\n", argv[1]);
  wb_robot_cleanup();
  return 0;
}
