/* Webots' gyro API test, reproduced: a velocity-controlled motor turns the hinge's endPoint at 10 rad/s
 * about the world's up axis; after 40 steps the gyro on the endPoint reads that spin on its own up axis.
 * argv[1] = the index of that axis (1 in a NUE world, 2 in ENU). */
#include <webots/gyro.h>
#include <webots/motor.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

int main(int argc, char **argv) {
  const int up = argc > 1 ? atoi(argv[1]) : 1;
  wb_robot_init();
  WbDeviceTag motor = wb_robot_get_device("rotational motor");
  WbDeviceTag gyro = wb_robot_get_device("gyro");
  CHECK(motor != 0 && gyro != 0, "devices missing");
  wb_motor_set_position(motor, INFINITY);
  wb_motor_set_velocity(motor, 10.0);
  wb_gyro_enable(gyro, TIME_STEP);
  const double *values = wb_gyro_get_values(gyro);
  CHECK(isnan(values[0]) && isnan(values[1]) && isnan(values[2]), "values before the first sample");
  for (int i = 0; i < 40; i++)
    wb_robot_step(TIME_STEP);

  CHECK_INT(wb_gyro_get_lookup_table_size(gyro), 2);
  const double *table = wb_gyro_get_lookup_table(gyro);
  CHECK(table != NULL, "no lookup table");
  CHECK_DOUBLE(table[3], 100.0);
  CHECK_DOUBLE(table[5], 0.0);

  values = wb_gyro_get_values(gyro);
  printf("values = {%f, %f, %f}\n", values[0], values[1], values[2]);
  for (int i = 0; i < 3; i++)
    CHECK(fabs(values[i] - (i == up ? 10.0 : 0.0)) < 1e-4, "axis %d reads %.9f", i, values[i]);
  printf("gyro test passed\n");
  wb_robot_cleanup();
  return 0;
}
