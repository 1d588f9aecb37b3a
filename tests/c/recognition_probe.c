/* Prints the objects a camera recognizes after one step (see tests/imagers.rs). */
#include <webots/camera.h>
#include <webots/robot.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  wb_camera_recognition_enable(camera, 32);
  wb_robot_step(32);
  int n = wb_camera_recognition_get_number_of_objects(camera);
  const WbCameraRecognitionObject *o = wb_camera_recognition_get_objects(camera);
  for (int i = 0; i < n; i++)
    printf("%s at %.2f %.2f %.2f\n", o[i].model, o[i].position[0], o[i].position[1], o[i].position[2]);
  printf("%d objects\n", n);
  wb_robot_cleanup();
  return 0;
}
