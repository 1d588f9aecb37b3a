/* The segmentation part of Webots' camera_recognition API test, reproduced in a world of our own
 * (tests/imagers_webots.rs): a planar, a spherical and a cylindrical camera with segmentation in their
 * Recognition nodes look along +x at a big green box straight ahead, a red sphere to the left, a small box
 * without recognition colours in front of the green box's left part and a blue sphere to the right beyond
 * the recognition's maxRange. Checked: the segmentation lifecycle (has / enable / is enabled, no image
 * before enabling or after disabling, the image saved), the pixels (each object in its first recognition
 * colour, the object without colours and the background black, the blue sphere painted though too far to
 * be recognized), the Recognition's segmentation field switched off and on by a supervisor, and a
 * recognition colour changed by a supervisor reaching all three images. argv: the pixel columns and rows
 * worked out by the Rust side. */
#include <stdio.h>
#include <stdlib.h>
#include <webots/camera.h>
#include <webots/camera_recognition_object.h>
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

static void check_pixel(WbDeviceTag camera, int u, int v, int red, int green, int blue) {
  const unsigned char *image = wb_camera_recognition_get_segmentation_image(camera);
  CHECK(image != NULL, "no segmentation image for %s", wb_device_get_name(camera));
  const int width = wb_camera_get_width(camera);
  const int r = wb_camera_image_get_red(image, width, u, v), g = wb_camera_image_get_green(image, width, u, v),
            b = wb_camera_image_get_blue(image, width, u, v);
  CHECK(r == red && g == green && b == blue, "%s (%d, %d) is (%d, %d, %d), expected (%d, %d, %d)", wb_device_get_name(camera), u,
        v, r, g, b, red, green, blue);
}

int main(int argc, char **argv) {
  CHECK(argc == 9, "usage: recognition_segmentation GREEN_U RED_U PLAIN_U FAR_U ROW CENTRE_U CENTRE_V BELOW_V");
  int arg[8];
  for (int i = 0; i < 8; ++i)
    arg[i] = atoi(argv[i + 1]);
  const int green_u = arg[0], red_u = arg[1], plain_u = arg[2], far_u = arg[3], row = arg[4], centre_u = arg[5],
            centre_v = arg[6], below_v = arg[7];
  wb_robot_init();
  WbDeviceTag cameras[3] = {wb_robot_get_device("camera"), wb_robot_get_device("spherical"),
                            wb_robot_get_device("cylindrical")};
  for (int i = 0; i < 3; ++i) {
    wb_camera_enable(cameras[i], TIME_STEP);
    wb_camera_recognition_enable(cameras[i], TIME_STEP);
  }
  const WbDeviceTag camera = cameras[0];
  wb_robot_step(TIME_STEP);
  /* the green box and the red sphere; the blue one is beyond maxRange, the small box has no colours */
  CHECK_INT(wb_camera_recognition_get_number_of_objects(camera), 2);
  CHECK_INT(wb_camera_recognition_has_segmentation(camera), 1);
  CHECK(wb_camera_recognition_get_segmentation_image(camera) == NULL, "a segmentation image before enabling it");

  wb_camera_recognition_enable_segmentation(camera);
  CHECK_INT(wb_camera_recognition_is_segmentation_enabled(camera), 1);
  wb_robot_step(TIME_STEP);
  check_pixel(camera, green_u, row, 0, 255, 0);
  check_pixel(camera, red_u, row, 204, 51, 51);
  check_pixel(camera, plain_u, row, 0, 0, 0);
  check_pixel(camera, far_u, row, 0, 0, 255);
  check_pixel(camera, green_u, below_v, 0, 0, 0);
  CHECK_INT(wb_camera_recognition_save_segmentation_image(camera, "segmentation.jpg", 100), 0);
  FILE *saved = fopen("segmentation.jpg", "rb");
  CHECK(saved != NULL, "segmentation.jpg was not written");
  fclose(saved);
  remove("segmentation.jpg");

  wb_robot_step(TIME_STEP);
  wb_camera_recognition_disable_segmentation(camera);
  CHECK(wb_camera_recognition_get_segmentation_image(camera) == NULL, "a segmentation image after disabling it");
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_is_segmentation_enabled(camera), 0);

  /* the Recognition node's segmentation field, switched off and on again by the supervisor */
  WbFieldRef segmentation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("RECOGNITION"), "segmentation");
  wb_supervisor_field_set_sf_bool(segmentation, false);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_has_segmentation(camera), 0);
  wb_supervisor_field_set_sf_bool(segmentation, true);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_has_segmentation(camera), 1);
  for (int i = 0; i < 3; ++i)
    wb_camera_recognition_enable_segmentation(cameras[i]);
  wb_robot_step(TIME_STEP);
  check_pixel(camera, green_u, row, 0, 255, 0);
  for (int i = 1; i < 3; ++i)
    check_pixel(cameras[i], centre_u, centre_v, 0, 255, 0);

  /* the green box's first recognition colour becomes grey 0.4: 0.4 × 255 = 102 */
  WbFieldRef colors = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("GREEN_BOX"), "recognitionColors");
  const double grey[3] = {0.4, 0.4, 0.4};
  wb_supervisor_field_set_mf_color(colors, 0, grey);
  wb_robot_step(TIME_STEP);
  check_pixel(camera, green_u, row, 102, 102, 102);
  for (int i = 1; i < 3; ++i)
    check_pixel(cameras[i], centre_u, centre_v, 102, 102, 102);
  const int n = wb_camera_recognition_get_number_of_objects(camera);
  const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(camera);
  int seen = 0;
  for (int i = 0; i < n; ++i) {
    if (strcmp(objects[i].model, "green box") != 0)
      continue;
    seen = 1;
    CHECK_INT(objects[i].number_of_colors, 2);
    CHECK_VEC_TOL(objects[i].colors, 6, 1e-12, 0.4, 0.4, 0.4, 1.0, 0.0, 1.0);
  }
  CHECK(seen, "the green box is not recognized");
  printf("segmentation test passed\n");
  wb_robot_cleanup();
  return 0;
}
