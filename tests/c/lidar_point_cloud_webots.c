/* Webots' lidar_point_cloud API test, reproduced in a world of our own: a lidar (512 points, 3 layers,
 * 1.8 rad wide, 0.1 rad tall, 5 m) enabled every other step has a zeroed range image and point cloud
 * after one step, and its first sample after two; the bottom layer (-0.05 rad) meets the ground plane
 * 0.1 m below at 0.1 / sin(0.05) m, the middle one a visual cylinder (radius 0.2, centre (1, 0.5))
 * where the geometry puts it; the point cloud agrees with the ranges. Only visual shapes: Webots'
 * lidar renders them. */
#include <math.h>
#include <webots/lidar.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

int main(void) {
  wb_robot_init();
  WbDeviceTag lidar = wb_robot_get_device("lidar");
  const int res = wb_lidar_get_horizontal_resolution(lidar);
  const int layers = wb_lidar_get_number_of_layers(lidar);
  CHECK_INT(res, 512);
  CHECK_INT(layers, 3);
  wb_lidar_enable(lidar, 2 * TIME_STEP);
  wb_lidar_enable_point_cloud(lidar);
  CHECK(wb_lidar_get_range_image(lidar) == NULL, "a range image before the first step");

  wb_robot_step(TIME_STEP);
  const float *image = wb_lidar_get_range_image(lidar);
  const WbLidarPoint *cloud = wb_lidar_get_point_cloud(lidar);
  CHECK(image && cloud, "no buffers after one step");
  for (int i = 0; i < res * layers; i++) {
    CHECK(image[i] == 0.0f, "range %d is %g one step after enabling", i, image[i]);
    CHECK(cloud[i].x == 0.0f && cloud[i].y == 0.0f && cloud[i].z == 0.0f, "point %d one step after enabling", i);
  }

  wb_robot_step(TIME_STEP);
  image = wb_lidar_get_range_image(lidar);
  cloud = wb_lidar_get_point_cloud(lidar);
  int found = 0;
  for (int i = 0; i < res * layers; i++) {
    if (image[i] != 0.0f && cloud[i].x != 0.0f)
      found = 1;
    if (isinf(image[i]))
      continue;
    const double d = sqrt(cloud[i].x * cloud[i].x + cloud[i].y * cloud[i].y + cloud[i].z * cloud[i].z);
    CHECK(fabs(image[i] - d) < 0.05, "point %d at %g, range %g", i, d, image[i]);
  }
  CHECK(found, "no sample two steps after enabling");

  const float *layer2 = wb_lidar_get_layer_range_image(lidar, 2);
  const WbLidarPoint *cloud2 = wb_lidar_get_layer_point_cloud(lidar, 2);
  const double ground = 0.1 / sin(0.05);
  for (int i = 0; i < res; i++) {
    CHECK(layer2[i] == image[2 * res + i] && cloud2[i].x == cloud[2 * res + i].x, "layer 2 point %d", i);
    if (i >= res / 2) /* the right half: the cylinder (left) is not in the way */
      CHECK(fabs(layer2[i] - ground) < 1e-3, "bottom layer point %d at %g, ground at %g", i, layer2[i], ground);
  }
  /* the middle layer's point 124 (azimuth -(2 * 124.5 / 512 - 1) * 0.9) meets the cylinder */
  const double theta = -(2.0 * 124.5 / res - 1.0) * 0.9;
  const double px = 1.0, py = 0.5, r = 0.2;
  const double along = px * cos(theta) + py * sin(theta);
  const double off2 = px * px + py * py - along * along;
  const double hit = along - sqrt(r * r - off2);
  const float *layer1 = wb_lidar_get_layer_range_image(lidar, 1);
  CHECK(fabs(layer1[124] - hit) < 1e-3, "middle layer point 124 at %g, cylinder at %g", layer1[124], hit);
  CHECK(isinf(layer1[500]), "middle layer point 500 sees %g", layer1[500]);
  const float *layer0 = wb_lidar_get_layer_range_image(lidar, 0);
  CHECK(isinf(layer0[450]), "top layer point 450 sees %g", layer0[450]);
  printf("lidar point cloud test passed\n");
  wb_robot_cleanup();
  return 0;
}
