/* Webots' camera_recognition test, its round cameras (tests/imagers_webots.rs gives the world): a
 * spherical and a cylindrical camera with occlusion 2 count the objects they recognize at the first step
 * and report where each sees the "perpendicular box"; then the supervisor sets both Recognitions'
 * occlusion to 1 and they count again. Prints "occlusion 2: spherical N cylindrical M", then per camera
 * "NAME perpendicular box at X Y Z rotation AX AY AZ ANGLE" (3 decimals), and "occlusion 1: ...". */
#include <string.h>
#include <webots/camera.h>
#include <webots/camera_recognition_object.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

int main(void) {
  wb_robot_init();
  WbDeviceTag spherical = wb_robot_get_device("spherical");
  WbDeviceTag cylindrical = wb_robot_get_device("cylindrical");
  CHECK(spherical && cylindrical, "cameras");
  WbDeviceTag cameras[2] = {spherical, cylindrical};
  for (int i = 0; i < 2; ++i) {
    wb_camera_enable(cameras[i], TIME_STEP);
    wb_camera_recognition_enable(cameras[i], TIME_STEP);
  }
  wb_robot_step(TIME_STEP);
  printf("occlusion 2: spherical %d cylindrical %d\n", wb_camera_recognition_get_number_of_objects(spherical),
         wb_camera_recognition_get_number_of_objects(cylindrical));
  const char *names[2] = {"spherical", "cylindrical"};
  for (int i = 0; i < 2; ++i) {
    const int n = wb_camera_recognition_get_number_of_objects(cameras[i]);
    const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(cameras[i]);
    for (int j = 0; j < n; ++j) {
      if (strcmp(objects[j].model, "perpendicular box") != 0)
        continue;
      const double *p = objects[j].position, *r = objects[j].orientation;
      printf("%s perpendicular box at %.3f %.3f %.3f rotation %.3f %.3f %.3f %.3f\n", names[i], p[0], p[1], p[2], r[0], r[1],
             r[2], r[3]);
    }
  }
  const char *defs[2] = {"SPHERICAL", "CYLINDRICAL"};
  for (int i = 0; i < 2; ++i) {
    WbNodeRef recognition = wb_supervisor_node_get_from_def(defs[i]);
    CHECK(recognition != NULL, "no %s", defs[i]);
    wb_supervisor_field_set_sf_int32(wb_supervisor_node_get_field(recognition, "occlusion"), 1);
  }
  wb_robot_step(TIME_STEP);
  wb_robot_step(TIME_STEP);
  printf("occlusion 1: spherical %d cylindrical %d\n", wb_camera_recognition_get_number_of_objects(spherical),
         wb_camera_recognition_get_number_of_objects(cylindrical));
  wb_robot_cleanup();
  return 0;
}
