/* A camera's recognition under each of Webots' occlusion levels (tests/imagers_webots.rs gives the
 * world): the supervisor sets the Recognition's `occlusion` to 0, 1 and 2 in turn and prints, after a
 * step, "occlusion N: MODEL MODEL ..." (the models seen, in the order the camera lists them). */
#include <webots/camera.h>
#include <webots/camera_recognition_object.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

int main(void) {
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  CHECK(camera != 0, "no camera");
  wb_camera_enable(camera, TIME_STEP);
  wb_camera_recognition_enable(camera, TIME_STEP);
  WbFieldRef occlusion = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("RECOGNITION"), "occlusion");
  CHECK(occlusion != NULL, "no occlusion field");
  for (int level = 0; level <= 2; ++level) {
    wb_supervisor_field_set_sf_int32(occlusion, level);
    wb_robot_step(TIME_STEP);
    wb_robot_step(TIME_STEP);
    const int n = wb_camera_recognition_get_number_of_objects(camera);
    const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(camera);
    printf("occlusion %d:", level);
    for (int i = 0; i < n; ++i)
      printf(" %s", objects[i].model);
    printf("\n");
  }
  wb_robot_cleanup();
  return 0;
}
