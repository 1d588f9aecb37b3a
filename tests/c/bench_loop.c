/* Benchmark controller: steps the basic time step until the run ends, doing nothing ("idle") or
 * reading its compass and sending a 16-byte packet every step ("compass"); prints its step count and
 * the seconds its loop took (first step to the -1). The Python twin is tests/python/bench_loop.py. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <webots/compass.h>
#include <webots/emitter.h>
#include <webots/robot.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const int work = argc > 1 && strcmp(argv[1], "compass") == 0;
  const WbDeviceTag compass = wb_robot_get_device("compass");
  const WbDeviceTag emitter = wb_robot_get_device("emitter");
  if (work)
    wb_compass_enable(compass, step);
  long steps = 0;
  const double start = now();
  while (wb_robot_step(step) != -1) {
    if (work) {
      const double *north = wb_compass_get_values(compass);
      const double packet[2] = {north[0], north[1]};
      wb_emitter_send(emitter, packet, sizeof packet);
    }
    steps++;
  }
  printf("steps=%ld seconds=%.6f\n", steps, now() - start);
  wb_robot_cleanup();
  return 0;
}
