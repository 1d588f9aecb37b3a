/* Webots' range_finder and range_finder_spherical API tests, reproduced in worlds of our own (argument:
 * "planar", "spherical" or "cylindrical"). Planar (90 degrees, 64 x 64, 3 m): planes 2 m ahead, a
 * semi-transparent one in the middle, an opaque one to the right, a flat ElevationGrid below; the left
 * edge meets nothing; the top meets a plane nearer than minRange (1 m): infinity. Round (6.28 rad, 256 x 128): a plane 2 m ahead and one 2 m behind; the sides
 * meet nothing (the cylindrical one is 127 rows tall, so its middle row is level). Values within Webots' 0.015. */
#include <math.h>
#include <string.h>
#include <webots/range_finder.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

static void expect(const float *image, int width, int x, int y, double expected) {
  const float v = wb_range_finder_image_get_depth(image, width, x, y);
  if (isinf(expected))
    CHECK(isinf(v), "(%d, %d) is %g, expected inf", x, y, v);
  else
    CHECK(fabs(v - expected) < 0.015, "(%d, %d) is %g, expected %g", x, y, v, expected);
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: range_finder_webots planar|spherical|cylindrical");
  wb_robot_init();
  WbDeviceTag rf = wb_robot_get_device("range-finder");
  const int w = wb_range_finder_get_width(rf), h = wb_range_finder_get_height(rf);
  wb_range_finder_enable(rf, TIME_STEP);
  CHECK(wb_range_finder_get_range_image(rf) == NULL, "a range image before the first step");
  wb_robot_step(TIME_STEP);
  const float *image = wb_range_finder_get_range_image(rf);
  CHECK(image, "no range image");
  if (strcmp(argv[1], "planar") == 0) {
    CHECK(w == 64 && h == 64, "size %d x %d", w, h);
    expect(image, w, w / 2, 0, INFINITY); /* a plane nearer than minRange */
    expect(image, w, 0, h / 2, INFINITY);
    expect(image, w, w / 2, h / 2, 2.0); /* the semi-transparent plane */
    expect(image, w, w - 1, h / 2, 2.0);
    expect(image, w, w / 2, h - 1, 2.0); /* the ElevationGrid */
  } else {
    CHECK(w == 256, "width %d", w);
    expect(image, w, 0, h / 2, 2.0);
    expect(image, w, w / 4, h / 2, INFINITY);
    expect(image, w, w / 2, h / 2, 2.0);
    expect(image, w, 3 * w / 4, h / 2, INFINITY);
    expect(image, w, w - 1, h / 2, 2.0);
  }
  printf("range finder %s test passed\n", argv[1]);
  wb_robot_cleanup();
  return 0;
}
