/* Webots' lidar_rotating, lidar_vs_range_finder and range_finder_horizontal_spherical_projection
 * scenarios (argument: "rotating", "vs_range_finder" or "horizontal"):
 * - rotating: a rotating lidar with 4 times the points of a fixed one (a quarter turn wide), turned a
 *   quarter of that to the left: its first quarter sees what the fixed one sees (summed differences
 *   below 15 m over 256 points, as Webots' test allows);
 * - vs_range_finder: a 1-row spherical range finder and a 1-layer lidar of the same width and field of
 *   view read the same ranges (within 5 cm);
 * - horizontal: a cylindrical 360-degree range finder over a flat floor reads one depth along a row
 *   (within 4 cm), wherever Webots joins the sub-cameras it renders with. */
#include <math.h>
#include <string.h>
#include <webots/lidar.h>
#include <webots/range_finder.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

static void rotating(void) {
  WbDeviceTag fixed = wb_robot_get_device("lidar");
  WbDeviceTag turning = wb_robot_get_device("rotating lidar");
  const int n = wb_lidar_get_horizontal_resolution(fixed);
  CHECK_INT(wb_lidar_get_horizontal_resolution(turning), 4 * n);
  wb_lidar_enable(fixed, TIME_STEP);
  wb_lidar_enable(turning, TIME_STEP);
  for (int i = 0; i < 50; i++)
    wb_robot_step(TIME_STEP);
  const float *a = wb_lidar_get_range_image(fixed);
  const float *b = wb_lidar_get_range_image(turning);
  CHECK(a && b, "range images");
  double sum = 0.0;
  int finite = 0;
  for (int i = 0; i < n; i++) {
    sum += fabs(b[i] - a[i]);
    finite += isfinite(a[i]);
  }
  CHECK(finite == n, "the fixed lidar sees something at each of its %d points (%d)", n, finite);
  CHECK(sum < 15.0, "summed difference %g", sum);
}

static void vs_range_finder(void) {
  WbDeviceTag range_finder = wb_robot_get_device("range-finder");
  WbDeviceTag lidar = wb_robot_get_device("lidar");
  const int width = wb_range_finder_get_width(range_finder);
  CHECK_INT(wb_lidar_get_horizontal_resolution(lidar), width);
  CHECK_INT(wb_lidar_get_number_of_layers(lidar), wb_range_finder_get_height(range_finder));
  wb_range_finder_enable(range_finder, TIME_STEP);
  wb_lidar_enable(lidar, TIME_STEP);
  wb_robot_step(TIME_STEP);
  const float *r = wb_range_finder_get_range_image(range_finder);
  const float *l = wb_lidar_get_range_image(lidar);
  CHECK(r && l, "range images");
  int finite = 0;
  for (int i = 0; i < width; i++) {
    CHECK(isinf(r[i]) ? isinf(l[i]) : fabs(r[i] - l[i]) < 0.05, "point %d: range finder %g, lidar %g", i, r[i], l[i]);
    finite += isfinite(r[i]);
  }
  CHECK(finite > width / 4, "only %d points see something", finite);
}

static void horizontal(void) {
  WbDeviceTag range_finder = wb_robot_get_device("range-finder");
  const int width = wb_range_finder_get_width(range_finder);
  const int height = wb_range_finder_get_height(range_finder);
  wb_range_finder_enable(range_finder, TIME_STEP);
  wb_robot_step(TIME_STEP);
  const float *image = wb_range_finder_get_range_image(range_finder);
  CHECK(image, "a range image");
  for (int i = 0; i < 4; i++) {
    const int x1 = width * ((i * 2.0 + 1.0) / 8.0) - 1;
    const int x2 = width * ((i * 2.0 + 2.0) / 8.0) - 1;
    const float junction = wb_range_finder_image_get_depth(image, width, x1, height - 10);
    const float centre = wb_range_finder_image_get_depth(image, width, x2, height - 10);
    CHECK(isfinite(junction) && fabs(junction - centre) < 0.04, "depths %g (%d) and %g (%d)", junction, x1, centre, x2);
  }
  /* row height - 10 of 80 points 0.7625 of the half height below the axis; a cylindrical image's
   * elevation is linear in the row (Webots' renderer), the half height 6.28 / 2 · 80 / 1000 rad; the
   * floor is 1.6 m below: distance 1.6 / sin(0.7625 · that) */
  const double down = 0.7625 * 3.14 * 80.0 / 1000.0;
  const double expected = 1.6 / sin(down);
  const float got = wb_range_finder_image_get_depth(image, width, width / 2, height - 10);
  CHECK(fabs(got - expected) < 0.01, "depth %g, expected %g", got, expected);
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: lidar_range_webots rotating|vs_range_finder|horizontal");
  wb_robot_init();
  if (strcmp(argv[1], "rotating") == 0)
    rotating();
  else if (strcmp(argv[1], "vs_range_finder") == 0)
    vs_range_finder();
  else
    horizontal();
  printf("%s test passed\n", argv[1]);
  wb_robot_cleanup();
  return 0;
}
