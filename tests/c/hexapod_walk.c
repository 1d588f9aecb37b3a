/* Webots' motion test sequence on a hexapod (tests/hexapod_motion.rs): settle for 1 s, play
 * ../../motions/hexapod_forwards.motion as argv[1] says (regular, loop for two periods, reverse), settle
 * for 1 s and print where the GPS is: "start x y z" before the motion, "end x y z" after it. With
 * HEXAPOD_TRACE set, a "at t x y z" line after every step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/gps.h>
#include <webots/robot.h>
#include <webots/utils/motion.h>

#include "check.h"

#define TIME_STEP 40

static WbDeviceTag gps;
static int trace;

static void step(void) {
  CHECK(wb_robot_step(TIME_STEP) != -1, "the simulation ended during the walk");
  if (trace) {
    const double *p = wb_gps_get_values(gps);
    printf("at %.3f %.6f %.6f %.6f\n", wb_robot_get_time(), p[0], p[1], p[2]);
  }
}

static void wait_s(double seconds) {
  const double start = wb_robot_get_time();
  while (wb_robot_get_time() - start < seconds)
    step();
}

int main(int argc, char **argv) {
  wb_robot_init();
  CHECK(argc == 2, "expected one argument (regular, loop or reverse), got %d", argc - 1);
  const char *mode = argv[1];
  const int loop = strcmp(mode, "loop") == 0, reverse = strcmp(mode, "reverse") == 0;
  CHECK(loop || reverse || strcmp(mode, "regular") == 0, "unknown mode '%s'", mode);
  trace = getenv("HEXAPOD_TRACE") != NULL;

  gps = wb_robot_get_device("gps");
  wb_gps_enable(gps, TIME_STEP);
  wait_s(1.0);
  const double *p = wb_gps_get_values(gps);
  printf("start %.6f %.6f %.6f\n", p[0], p[1], p[2]);

  WbMotionRef forwards = wbu_motion_new("../../motions/hexapod_forwards.motion");
  CHECK(forwards != NULL, "the motion file did not load");
  CHECK_INT(wbu_motion_get_duration(forwards), 1750);
  wbu_motion_set_loop(forwards, loop);
  wbu_motion_set_reverse(forwards, reverse);
  wbu_motion_play(forwards);
  if (loop) {
    /* Webots' test: two periods, the duration being in milliseconds */
    const double start = wb_robot_get_time();
    do
      step();
    while (wb_robot_get_time() < start + 0.002 * wbu_motion_get_duration(forwards));
    wbu_motion_stop(forwards);
  } else {
    do
      step();
    while (!wbu_motion_is_over(forwards));
  }
  wait_s(1.0);

  p = wb_gps_get_values(gps);
  printf("end %.6f %.6f %.6f\n", p[0], p[1], p[2]);
  wbu_motion_delete(forwards);
  wb_robot_cleanup();
  return 0;
}
