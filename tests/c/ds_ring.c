/* Enables every DistanceSensor of its robot and prints their values, step by step, for
 * tests/sensors.rs. argv[1] = steps of the basic time step. Per step: "t=<ms>" and the values in device
 * order (%.17g: the runs compared must agree to the bit). */
#include <stdlib.h>
#include <webots/device.h>
#include <webots/distance_sensor.h>
#include <webots/nodes.h>
#include <webots/robot.h>

#include "check.h"

#define MAX_SENSORS 512

int main(int argc, char **argv) {
  wb_robot_init();
  CHECK(argc > 1, "usage: ds_ring STEPS");
  const int steps = atoi(argv[1]);
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag sensors[MAX_SENSORS];
  int n = 0;
  for (int i = 0; i < wb_robot_get_number_of_devices() && n < MAX_SENSORS; i++) {
    WbDeviceTag tag = wb_robot_get_device_by_index(i);
    if (wb_device_get_node_type(tag) == WB_NODE_DISTANCE_SENSOR) {
      wb_distance_sensor_enable(tag, step);
      sensors[n++] = tag;
    }
  }
  printf("sensors %d\n", n);
  for (int s = 0; s < steps && wb_robot_step(step) != -1; s++) {
    printf("t=%.0f", wb_robot_get_time() * 1000.0);
    for (int i = 0; i < n; i++)
      printf(" %.17g", wb_distance_sensor_get_value(sensors[i]));
    printf("\n");
  }
  wb_robot_cleanup();
  return 0;
}
