/* One run of a sweep as its controller sees it: prints "env NAME=value" (or "env NAME unset") for each
 * variable named in argv, then one reading of the noisy compass "compass" (noise drawn from the run's
 * seed), then exits with the status in $SWEEP_EXIT (default 0). */
#include <webots/compass.h>
#include <webots/robot.h>

#include "check.h"

int main(int argc, char **argv) {
  wb_robot_init();
  for (int i = 1; i < argc; i++) {
    const char *value = getenv(argv[i]);
    if (value)
      printf("env %s=%s\n", argv[i], value);
    else
      printf("env %s unset\n", argv[i]);
  }
  WbDeviceTag compass = wb_robot_get_device("compass");
  CHECK(compass != 0, "no compass");
  wb_compass_enable(compass, 32);
  CHECK(wb_robot_step(32) != -1, "the run ended before the first step");
  const double *v = wb_compass_get_values(compass);
  printf("noisy %.9f %.9f %.9f\n", v[0], v[1], v[2]);
  fflush(stdout);
  const char *status = getenv("SWEEP_EXIT");
  wb_robot_cleanup();
  return status ? atoi(status) : 0;
}
