/* Webots' camera_recognition API test (planar camera), reproduced: 8 objects without occlusion (a sphere
 * partly in view, a sphere without bounding object, a bar crossing the view with no corner inside, the
 * box behind it, a Solid nested in one without recognition colours, a capsule partly in view, a Solid
 * whose bounding object is a Group, and a slab seen edge-on whose middle is out of view but whose two
 * far corners are in it, Webots' "perpendicular box"), 7 with occlusion 2 as Webots sets it (the box
 * behind the bar is hidden from all its corners); the position on the image follows Webots' rule; once
 * the 7 are removed, the hidden box is seen, with its 2 colours. */
#include <math.h>
#include <string.h>
#include <webots/camera.h>
#include <webots/camera_recognition_object.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

/* Webots' column of a point (x forward, y left) on a planar camera of this width and field of view */
static int column(double x, double y, int width, double fov) {
  double u = 0.5 - 0.5 * (y / x) / tan(fov / 2.0);
  u = u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
  return (int)((width - 1) * u);
}

int main(void) {
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  wb_camera_enable(camera, TIME_STEP);
  wb_camera_recognition_enable(camera, TIME_STEP);
  wb_robot_step(TIME_STEP);
  int n = wb_camera_recognition_get_number_of_objects(camera);
  const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(camera);
  int perpendicular = 0;
  for (int i = 0; i < n; i++) {
    printf("seen %s\n", objects[i].model);
    perpendicular += strcmp(objects[i].model, "perpendicular box") == 0;
  }
  CHECK(perpendicular == 1, "the perpendicular box is not seen");
  CHECK(n == 8, "%d objects without occlusion, expected 8", n);

  WbNodeRef recognition = wb_supervisor_node_get_from_def("RECOGNITION");
  wb_supervisor_field_set_sf_int32(wb_supervisor_node_get_field(recognition, "occlusion"), 2);
  wb_robot_step(TIME_STEP);
  n = wb_camera_recognition_get_number_of_objects(camera);
  objects = wb_camera_recognition_get_objects(camera);
  CHECK(n == 7, "%d objects with occlusion, expected 7", n);

  const int width = wb_camera_get_width(camera);
  const double fov = wb_camera_get_fov(camera);
  double sub_size = 0, composed_size = 0;
  for (int i = 0; i < n; i++) {
    CHECK(strcmp(objects[i].model, "occluded box") != 0, "the box behind the bar is seen");
    if (strcmp(objects[i].model, "visible sphere without BO") == 0) {
      /* the sphere around its shape: radius 0.2 at (2, 0.3, 0.3); its box's corners at x 1.8 and 2.2 */
      const int left = column(1.8, 0.5, width, fov), right = column(2.2, 0.1, width, fov);
      CHECK(objects[i].position_on_image[0] == (int)round((left + right) / 2.0), "sphere without BO at u=%d, expected %d",
            objects[i].position_on_image[0], (int)round((left + right) / 2.0));
      CHECK(objects[i].size_on_image[0] == right - left, "sphere without BO %d wide, expected %d",
            objects[i].size_on_image[0], right - left);
    }
    if (strcmp(objects[i].model, "sub solid") == 0)
      sub_size = objects[i].size_on_image[0] * objects[i].size_on_image[1];
    if (strcmp(objects[i].model, "composed solid") == 0)
      composed_size = objects[i].size_on_image[0] * objects[i].size_on_image[1];
    wb_supervisor_node_remove(wb_supervisor_node_get_from_id(objects[i].id));
  }
  CHECK(sub_size > 0 && composed_size > sub_size, "composed solid %g pixels, sub solid %g", composed_size, sub_size);

  wb_robot_step(TIME_STEP);
  n = wb_camera_recognition_get_number_of_objects(camera);
  objects = wb_camera_recognition_get_objects(camera);
  CHECK(n == 1, "%d objects after the removals, expected 1", n);
  CHECK_STR(objects[0].model, "occluded box");
  CHECK_INT(objects[0].number_of_colors, 2);
  CHECK(objects[0].colors[1] == 1.0 && objects[0].colors[3] == 1.0 && objects[0].colors[5] == 1.0, "colours");
  printf("camera recognition test passed\n");
  wb_robot_cleanup();
  return 0;
}
