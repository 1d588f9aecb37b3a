/* Range finder, lidar, camera (with recognition and segmentation) and altimeter looking at a red box
 * whose near face is 0.9 m ahead (see tests/imagers.rs): prints what they measure, checks the misuse
 * messages' return values. */
#include <webots/altimeter.h>
#include <webots/camera.h>
#include <webots/lidar.h>
#include <webots/range_finder.h>
#include <webots/robot.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag rf = wb_robot_get_device("depth");
  WbDeviceTag lidar = wb_robot_get_device("lidar");
  WbDeviceTag camera = wb_robot_get_device("camera");
  WbDeviceTag plain = wb_robot_get_device("plain camera");
  WbDeviceTag altimeter = wb_robot_get_device("altimeter");
  CHECK(rf && lidar && camera && plain && altimeter, "devices missing");

  /* configuration */
  CHECK_INT(wb_range_finder_get_width(rf), 9);
  CHECK_INT(wb_range_finder_get_height(rf), 5);
  CHECK_DOUBLE(wb_range_finder_get_max_range(rf), 2.0);
  CHECK_INT(wb_lidar_get_horizontal_resolution(lidar), 9);
  CHECK_INT(wb_lidar_get_number_of_layers(lidar), 3);
  CHECK_INT(wb_camera_get_width(camera), 16);
  CHECK(wb_camera_has_recognition(camera) && !wb_camera_has_recognition(plain), "recognition");
  CHECK_DOUBLE(wb_camera_get_min_fov(plain), wb_camera_get_fov(plain));
  CHECK_DOUBLE(wb_camera_get_focal_length(plain), 0.0);

  /* misuse before enabling */
  CHECK(wb_camera_get_image(camera) == NULL, "image of a disabled camera");
  CHECK(wb_lidar_get_point_cloud(lidar) == NULL, "point cloud while disabled");
  wb_camera_set_fov(plain, 0.5); /* no Zoom: out of zoom range */
  CHECK_DOUBLE(wb_camera_get_fov(plain), 0.785398);
  wb_camera_recognition_enable(plain, 32); /* no Recognition node */
  CHECK_INT(wb_camera_recognition_get_number_of_objects(camera), 0); /* disabled */
  wb_range_finder_enable(rf, -1);
  CHECK_INT(wb_range_finder_get_sampling_period(rf), 0);

  wb_range_finder_enable(rf, 32);
  wb_lidar_enable(lidar, 32);
  wb_lidar_enable_point_cloud(lidar);
  wb_camera_enable(camera, 32);
  wb_camera_recognition_enable(camera, 32);
  wb_camera_recognition_enable_segmentation(camera);
  wb_altimeter_enable(altimeter, 32);
  wb_robot_step(32);

  const float *depth = wb_range_finder_get_range_image(rf);
  printf("depth centre %.6f corner %f\n", wb_range_finder_image_get_depth(depth, 9, 4, 2),
         wb_range_finder_image_get_depth(depth, 9, 0, 0));

  const float *scan = wb_lidar_get_layer_range_image(lidar, 1);
  printf("lidar middle layer:");
  for (int i = 0; i < 9; i++)
    printf(" %.4f", scan[i]);
  printf("\n");
  CHECK(wb_lidar_get_layer_range_image(lidar, 3) == NULL, "layer 3 of 3");
  CHECK_INT(wb_lidar_get_number_of_points(lidar), 27);
  const WbLidarPoint *p = wb_lidar_get_point(lidar, 9 + 4);
  printf("lidar point %.4f %.4f %.4f layer %d\n", p->x, p->y, p->z, p->layer_id);
  const WbLidarPoint *cloud = wb_lidar_get_layer_point_cloud(lidar, 1);
  CHECK(cloud == p - 4, "layer 1's cloud starts 9 points in");

  const unsigned char *image = wb_camera_get_image(camera);
  printf("camera centre %d %d %d corner %d %d %d\n", wb_camera_image_get_red(image, 16, 8, 8),
         wb_camera_image_get_green(image, 16, 8, 8), wb_camera_image_get_blue(image, 16, 8, 8),
         wb_camera_image_get_red(image, 16, 0, 0), wb_camera_image_get_green(image, 16, 0, 0),
         wb_camera_image_get_blue(image, 16, 0, 0));
  CHECK_INT(wb_camera_save_image(camera, "camera.png", 100), 0);
  CHECK_INT(wb_camera_save_image(camera, "camera.bmp", 100), -1);
  CHECK_INT(wb_camera_save_image(camera, "camera.jpg", 0), -1);

  int n = wb_camera_recognition_get_number_of_objects(camera);
  const WbCameraRecognitionObject *objects = wb_camera_recognition_get_objects(camera);
  printf("recognized %d\n", n);
  for (int i = 0; i < n; i++)
    printf("object \"%s\" at %.3f %.3f %.3f size %.3f %.3f on image %d %d size %d %d colour %.1f %.1f %.1f\n",
           objects[i].model, objects[i].position[0], objects[i].position[1], objects[i].position[2],
           objects[i].size[0], objects[i].size[1], objects[i].position_on_image[0], objects[i].position_on_image[1],
           objects[i].size_on_image[0], objects[i].size_on_image[1], objects[i].colors[0], objects[i].colors[1],
           objects[i].colors[2]);
  const unsigned char *seg = wb_camera_recognition_get_segmentation_image(camera);
  CHECK(seg != NULL, "no segmentation image");
  printf("segmentation centre %d corner %d\n", wb_camera_image_get_red(seg, 16, 8, 8), wb_camera_image_get_red(seg, 16, 0, 0));
  printf("altitude %.6f\n", wb_altimeter_get_value(altimeter));

  wb_lidar_disable(lidar);
  CHECK(wb_lidar_get_range_image(lidar) != NULL, "the last ranges stay readable");
  wb_robot_cleanup();
  return 0;
}
