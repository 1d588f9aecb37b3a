/* Webots' radar_frustum and radar_occlusion API tests, reproduced (argument: "frustum" or "occlusion").
 * Frustum: six Solids, three of them wholly or partly inside the radar's frustum (0.78 x 0.1 rad, 5 m):
 * 0 targets before the first sample (period 3 steps), 3 at it; removing a Solid changes the count at
 * the next sample only. Occlusion: a big sphere in front of two small ones hides them from the radar
 * with occlusion (1 target, 3 without); once it is removed both radars see 2. */
#include <string.h>
#include <webots/radar.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32
#define SOLIDS 6

static const char *names[SOLIDS] = {"VISIBLE_SPHERE",  "NOT_VISIBLE_SPHERE", "VISIBLE_BOX",
                                    "NOT_VISIBLE_BOX", "VISIBLE_CAPSULE",    "NOT_VISIBLE_CAPSULE"};

static void frustum(void) {
  WbDeviceTag radar = wb_robot_get_device("radar");
  wb_radar_enable(radar, 3 * TIME_STEP);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(radar), 0);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(radar), 0);
  wb_robot_step(TIME_STEP);
  for (int i = 0; i < SOLIDS; i++) {
    CHECK(wb_radar_get_number_of_targets(radar) == (SOLIDS - i) / 2, "%d targets before removing %s",
          wb_radar_get_number_of_targets(radar), names[i]);
    wb_supervisor_node_remove(wb_supervisor_node_get_from_def(names[i]));
    wb_robot_step(2 * TIME_STEP);
    CHECK(wb_radar_get_number_of_targets(radar) == (SOLIDS - i) / 2, "%d targets after removing %s, before a sample",
          wb_radar_get_number_of_targets(radar), names[i]);
    wb_robot_step(TIME_STEP);
    CHECK(wb_radar_get_number_of_targets(radar) == (SOLIDS - i - 1) / 2, "%d targets after removing %s",
          wb_radar_get_number_of_targets(radar), names[i]);
  }
}

static void occlusion(void) {
  WbDeviceTag with = wb_robot_get_device("radar_with_occlusion");
  WbDeviceTag without = wb_robot_get_device("radar_without_occlusion");
  wb_radar_enable(with, TIME_STEP);
  wb_radar_enable(without, TIME_STEP);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(with), 1);
  CHECK_INT(wb_radar_get_number_of_targets(without), 3);
  wb_supervisor_node_remove(wb_supervisor_node_get_from_def("FRONT_TARGET"));
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(with), 2);
  CHECK_INT(wb_radar_get_number_of_targets(without), 2);
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: radar_webots frustum|occlusion");
  wb_robot_init();
  if (strcmp(argv[1], "frustum") == 0)
    frustum();
  else
    occlusion();
  printf("radar %s test passed\n", argv[1]);
  wb_robot_cleanup();
  return 0;
}
