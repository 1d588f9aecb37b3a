/* Webots' accelerometer API test, reproduced: a robot at rest reads +g on the world's up axis after one
 * 32 ms step, and its lookup table comes back as written. argv[1] = the index of the up axis (1 in a NUE
 * world, 2 in ENU), argv[2] = g (default 9.81). */
#include <webots/accelerometer.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

int main(int argc, char **argv) {
  const int up = argc > 1 ? atoi(argv[1]) : 1;
  const double g = argc > 2 ? atof(argv[2]) : 9.81;
  wb_robot_init();
  WbDeviceTag acc = wb_robot_get_device("accelerometer");
  CHECK(acc != 0, "no accelerometer");
  wb_accelerometer_enable(acc, TIME_STEP);
  wb_robot_step(TIME_STEP);

  CHECK_INT(wb_accelerometer_get_lookup_table_size(acc), 2);
  const double *table = wb_accelerometer_get_lookup_table(acc);
  CHECK(table != NULL, "no lookup table");
  CHECK_DOUBLE(table[3], 1000.0);
  CHECK_DOUBLE(table[5], 0.0);

  const double *values = wb_accelerometer_get_values(acc);
  printf("values = {%f, %f, %f}\n", values[0], values[1], values[2]);
  for (int i = 0; i < 3; i++)
    CHECK(fabs(values[i] - (i == up ? g : 0.0)) < 0.001, "axis %d reads %.9f", i, values[i]);
  printf("accelerometer test passed\n");
  wb_robot_cleanup();
  return 0;
}
