/* Prints what a compass reads, step by step: "t=<ms> v=<x> <y> <z>" ("nan" for NaN). argv[1] = steps
 * (default 5), argv[2] = sampling period (default 32). Also prints the reading before the first step
 * and the lookup table the library returns. */
#include <webots/compass.h>
#include <webots/robot.h>

#include "check.h"

static void print_value(double x) {
  if (isnan(x))
    printf(" nan");
  else
    printf(" %.6f", x);
}

static void print_values(WbDeviceTag compass) {
  const double *v = wb_compass_get_values(compass);
  printf("t=%.0f v=", wb_robot_get_time() * 1000.0);
  for (int i = 0; i < 3; i++)
    print_value(v[i]);
  printf("\n");
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 5;
  int period = argc > 2 ? atoi(argv[2]) : 32;
  wb_robot_init();
  WbDeviceTag compass = wb_robot_get_device("compass");
  CHECK(compass != 0, "no compass");
  int rows = wb_compass_get_lookup_table_size(compass);
  const double *table = wb_compass_get_lookup_table(compass);
  printf("table rows=%d", rows);
  for (int i = 0; i < rows * 3; i++)
    printf(" %g", table[i]);
  printf("\n");
  wb_compass_enable(compass, period);
  CHECK_INT(wb_compass_get_sampling_period(compass), period);
  print_values(compass);
  for (int i = 0; i < steps; i++) {
    if (wb_robot_step(32) == -1)
      break;
    print_values(compass);
    int now = wb_compass_get_lookup_table_size(compass);
    if (now != rows) {
      rows = now;
      table = wb_compass_get_lookup_table(compass);
      printf("table rows=%d", rows);
      for (int k = 0; k < rows * 3; k++)
        printf(" %g", table[k]);
      printf("\n");
    }
  }
  wb_robot_cleanup();
  return 0;
}
