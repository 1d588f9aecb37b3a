/* Webots' camera_recognition test, its round cameras after the removals (tests/imagers_webots.rs gives
 * the world): the spherical and the cylindrical camera (occlusion 2, segmentation on) recognize their
 * objects; the supervisor removes the seven Solids Webots' planar camera sees and removes; a step later
 * each camera prints its count and, for the objects left that Webots checks, the position, orientation,
 * size, size and place on the image (3 decimals); then the occluded box's first recognition colour turns
 * grey and each camera prints its segmentation colour at the pixel argv gives (Webots' checked pixels). */
#include <stdlib.h>
#include <string.h>
#include <webots/camera.h>
#include <webots/camera_recognition_object.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

static const char *removed[7] = {"visible sphere",  "visible box",    "sub solid",        "visible capsule",
                                 "composed solid", "perpendicular box", "visible sphere without BO"};

static int is_removed(const char *model) {
  for (int i = 0; i < 7; ++i)
    if (strcmp(model, removed[i]) == 0)
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  CHECK(argc == 5, "usage: recognition_round_removed SPHERICAL_U SPHERICAL_V CYLINDRICAL_U CYLINDRICAL_V");
  wb_robot_init();
  const char *names[2] = {"spherical", "cylindrical"};
  WbDeviceTag cameras[2];
  for (int i = 0; i < 2; ++i) {
    cameras[i] = wb_robot_get_device(names[i]);
    wb_camera_enable(cameras[i], TIME_STEP);
    wb_camera_recognition_enable(cameras[i], TIME_STEP);
    wb_camera_recognition_enable_segmentation(cameras[i]);
  }
  wb_robot_step(TIME_STEP);
  int n = wb_camera_recognition_get_number_of_objects(cameras[0]);
  const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(cameras[0]);
  int gone = 0;
  for (int j = 0; j < n; ++j)
    if (is_removed(objects[j].model)) {
      wb_supervisor_node_remove(wb_supervisor_node_get_from_id(objects[j].id));
      ++gone;
    }
  printf("removed %d\n", gone);
  wb_robot_step(TIME_STEP);
  for (int i = 0; i < 2; ++i) {
    n = wb_camera_recognition_get_number_of_objects(cameras[i]);
    objects = wb_camera_recognition_get_objects(cameras[i]);
    printf("%s %d\n", names[i], n);
    for (int j = 0; j < n; ++j) {
      const WbCameraRecognitionObject *o = &objects[j];
      if (strcmp(o->model, "occluded box") != 0 && strcmp(o->model, "invisible capsule") != 0)
        continue;
      printf("%s %s at %.3f %.3f %.3f rotation %.3f %.3f %.3f %.3f size %.3f %.3f image size %d %d at %d %d\n", names[i],
             o->model, o->position[0], o->position[1], o->position[2], o->orientation[0], o->orientation[1], o->orientation[2],
             o->orientation[3], o->size[0], o->size[1], o->size_on_image[0], o->size_on_image[1], o->position_on_image[0],
             o->position_on_image[1]);
    }
  }
  /* the occluded box's first recognition colour becomes grey 0.5, then each camera's segmentation colour
   * at the pixel argv gives it */
  const double grey[3] = {0.5, 0.5, 0.5};
  wb_supervisor_field_set_mf_color(
    wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("GREEN_BOX"), "recognitionColors"), 0, grey);
  wb_robot_step(TIME_STEP);
  for (int i = 0; i < 2; ++i) {
    const int u = atoi(argv[1 + 2 * i]), v = atoi(argv[2 + 2 * i]);
    const unsigned char *image = wb_camera_recognition_get_segmentation_image(cameras[i]);
    CHECK(image != NULL, "no segmentation image");
    const int width = wb_camera_get_width(cameras[i]);
    printf("%s segmentation at %d %d: %d %d %d\n", names[i], u, v, wb_camera_image_get_red(image, width, u, v),
           wb_camera_image_get_green(image, width, u, v), wb_camera_image_get_blue(image, width, u, v));
  }
  wb_robot_cleanup();
  return 0;
}
