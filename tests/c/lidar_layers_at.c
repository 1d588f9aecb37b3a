/* Prints the range of each layer of the lidar "lidar" at the point given as argv[1], two steps after
 * enabling it every other step (tests/lidar_point_cloud_layout.rs). */
#include <stdio.h>
#include <stdlib.h>
#include <webots/lidar.h>
#include <webots/robot.h>

#define TIME_STEP 32

int main(int argc, char **argv) {
  const int point = argc > 1 ? atoi(argv[1]) : 0;
  wb_robot_init();
  const WbDeviceTag lidar = wb_robot_get_device("lidar");
  wb_lidar_enable(lidar, 2 * TIME_STEP);
  wb_robot_step(TIME_STEP);
  wb_robot_step(TIME_STEP);
  printf("resolution %d\n", wb_lidar_get_horizontal_resolution(lidar));
  for (int layer = 0; layer < wb_lidar_get_number_of_layers(lidar); ++layer)
    printf("layer %d %.6f\n", layer, wb_lidar_get_layer_range_image(lidar, layer)[point]);
  wb_robot_cleanup();
  return 0;
}
