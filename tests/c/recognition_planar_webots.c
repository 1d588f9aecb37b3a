/* Webots' camera_recognition API test, its planar camera, in Webots' own layout seen from that camera
 * (tests/recognition_segmentation.rs): the counts (8 without occlusion, 7 with occlusion 2), the
 * segmentation steps and the pixels Webots checks on its segmentation image, the place of the sphere
 * without bounding object, the removals, the occluded box left with its two colours, and its colour
 * changed in the segmentation image. Tolerances are Webots'. */
#include <stdlib.h>
#include <string.h>
#include <webots/camera.h>
#include <webots/camera_recognition_object.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

static const char *visible[7] = {"visible sphere",  "visible box",    "sub solid",        "visible capsule",
                                 "composed solid", "perpendicular box", "visible sphere without BO"};

static void check_colour(const unsigned char *image, int width, int u, int v, int red, int green, int blue, int tol) {
  const int r = wb_camera_image_get_red(image, width, u, v), g = wb_camera_image_get_green(image, width, u, v),
            b = wb_camera_image_get_blue(image, width, u, v);
  CHECK(abs(r - red) <= tol && abs(g - green) <= tol && abs(b - blue) <= tol, "(%d, %d) is (%d, %d, %d), expected (%d, %d, %d)",
        u, v, r, g, b, red, green, blue);
}

int main(void) {
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  wb_camera_enable(camera, TIME_STEP);
  wb_camera_recognition_enable(camera, TIME_STEP);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_get_number_of_objects(camera), 8);
  WbNodeRef recognition = wb_supervisor_node_get_from_def("RECOGNITION");
  wb_supervisor_field_set_sf_int32(wb_supervisor_node_get_field(recognition, "occlusion"), 2);
  CHECK_INT(wb_camera_recognition_has_segmentation(camera), 1);
  CHECK(wb_camera_recognition_get_segmentation_image(camera) == NULL, "a segmentation image before enabling it");
  wb_robot_step(TIME_STEP);
  wb_camera_recognition_enable_segmentation(camera);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_is_segmentation_enabled(camera), 1);
  const unsigned char *image = wb_camera_recognition_get_segmentation_image(camera);
  CHECK(image != NULL, "no segmentation image");
  const int width = wb_camera_get_width(camera);
  check_colour(image, width, 215, 124, 193, 53, 53, 5); /* the visible sphere */
  check_colour(image, width, 35, 71, 255, 0, 0, 5);     /* the composed solid */
  check_colour(image, width, 95, 77, 0, 0, 0, 2);       /* nothing */
  check_colour(image, width, 52, 124, 0, 0, 255, 5);    /* the blue sphere too far to be recognized */
  CHECK(wb_camera_recognition_save_segmentation_image(camera, "segmentation.jpg", 100) != -1, "not saved");
  remove("segmentation.jpg");
  wb_robot_step(TIME_STEP);
  wb_camera_recognition_disable_segmentation(camera);
  CHECK(wb_camera_recognition_get_segmentation_image(camera) == NULL, "a segmentation image after disabling it");
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_is_segmentation_enabled(camera), 0);
  WbFieldRef segmentation = wb_supervisor_node_get_field(recognition, "segmentation");
  wb_supervisor_field_set_sf_bool(segmentation, false);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_camera_recognition_has_segmentation(camera), 0);
  wb_robot_step(TIME_STEP);

  int n = wb_camera_recognition_get_number_of_objects(camera);
  const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(camera);
  CHECK_INT(n, 7);
  double sub = 0, composed = 0;
  for (int i = 0; i < n; ++i) {
    int known = 0;
    for (int j = 0; j < 7; ++j)
      known |= strcmp(objects[i].model, visible[j]) == 0;
    CHECK(known, "%s is recognized", objects[i].model);
    if (strcmp(objects[i].model, "visible sphere without BO") == 0)
      CHECK(abs(objects[i].position_on_image[0] - 189) <= 1 && abs(objects[i].position_on_image[1] - 41) <= 1,
            "the sphere without BO at (%d, %d), Webots (189, 41)", objects[i].position_on_image[0],
            objects[i].position_on_image[1]);
    if (strcmp(objects[i].model, "sub solid") == 0)
      sub = objects[i].size_on_image[0] * objects[i].size_on_image[1];
    if (strcmp(objects[i].model, "composed solid") == 0)
      composed = objects[i].size_on_image[0] * objects[i].size_on_image[1];
    wb_supervisor_node_remove(wb_supervisor_node_get_from_id(objects[i].id));
  }
  CHECK(composed > sub, "composed solid %g pixels, sub solid %g", composed, sub);
  wb_robot_step(TIME_STEP);
  n = wb_camera_recognition_get_number_of_objects(camera);
  objects = wb_camera_recognition_get_objects(camera);
  CHECK_INT(n, 1);
  CHECK_STR(objects[0].model, "occluded box");
  CHECK_INT(objects[0].number_of_colors, 2);
  CHECK_VEC_TOL(objects[0].colors, 6, 1e-12, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0);

  wb_supervisor_field_set_sf_bool(segmentation, true);
  wb_robot_step(TIME_STEP);
  wb_camera_recognition_enable_segmentation(camera);
  wb_robot_step(TIME_STEP);
  check_colour(wb_camera_recognition_get_segmentation_image(camera), width, 124, 200, 0, 255, 0, 2);
  const double grey[3] = {0.5, 0.5, 0.5};
  wb_supervisor_field_set_mf_color(
    wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("GREEN_BOX"), "recognitionColors"), 0, grey);
  wb_robot_step(TIME_STEP);
  check_colour(wb_camera_recognition_get_segmentation_image(camera), width, 124, 200, 127, 127, 127, 2);
  printf("planar recognition test passed\n");
  wb_robot_cleanup();
  return 0;
}
