/* wb_range_finder_save_image (tests/range_finder_save.rs): the range image, then the same image saved as
 * Radiance HDR and as PNG; an unknown format is refused. Prints the depths row by row. */
#include <stdio.h>
#include <webots/range_finder.h>
#include <webots/robot.h>
#include "check.h"

int main(void) {
  wb_robot_init();
  const WbDeviceTag rf = wb_robot_get_device("depth");
  wb_range_finder_enable(rf, 32);
  CHECK(wb_robot_step(32) != -1, "step ended the run");
  const int w = wb_range_finder_get_width(rf), h = wb_range_finder_get_height(rf);
  const float *image = wb_range_finder_get_range_image(rf);
  CHECK(image != NULL, "no range image");
  for (int y = 0; y < h; ++y) {
    printf("row");
    for (int x = 0; x < w; ++x)
      printf(" %.9g", wb_range_finder_image_get_depth(image, w, x, y));
    printf("\n");
  }
  CHECK_INT(wb_range_finder_save_image(rf, "depth.hdr", 100), 0);
  CHECK_INT(wb_range_finder_save_image(rf, "depth.png", 100), 0);
  CHECK_INT(wb_range_finder_save_image(rf, "depth.bmp", 100), -1);
  printf("saved\n");
  wb_robot_cleanup();
  return 0;
}
