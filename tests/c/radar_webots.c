/* Webots' radar_frustum, radar_occlusion, radar_target_merging and radar_relative_speed API tests,
 * reproduced (argument: "frustum", "occlusion", "merging" or "speed").
 * Frustum: six Solids, three of them wholly or partly inside the radar's frustum (0.78 x 0.1 rad, 5 m):
 * 0 targets before the first sample (period 3 steps), 3 at it; removing a Solid changes the count at
 * the next sample only. Occlusion: a big sphere in front of two small ones hides them from the radar
 * with occlusion (1 target, 3 without); once it is removed both radars see 2. Merging: seven spheres
 * (see tests/radar_webots.rs) seen by four radars that merge targets of close ranges (and speeds) into
 * 3, 4, 7 and 5 targets, the merged ones straight ahead (azimuth exactly 0). Speed: a target driven away
 * at 1.5 m/s, then the radar's robot following it at 0.75 m/s: radial speeds 1.5, then 0.75. */
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

static void merging(void) {
  static const char *radars[4] = {"radar1", "radar2", "radar3", "radar4"};
  static const int expected[4] = {3, 4, 7, 5};
  WbDeviceTag tags[4];
  for (int r = 0; r < 4; r++) {
    tags[r] = wb_robot_get_device(radars[r]);
    wb_radar_enable(tags[r], TIME_STEP);
  }
  wb_robot_step(TIME_STEP);
  wb_robot_step(TIME_STEP);
  for (int r = 0; r < 4; r++)
    CHECK(wb_radar_get_number_of_targets(tags[r]) == expected[r], "%s: %d targets, expected %d", radars[r],
          wb_radar_get_number_of_targets(tags[r]), expected[r]);
  for (int r = 0; r < 2; r++) {
    const WbRadarTarget *targets = wb_radar_get_targets(tags[r]);
    for (int i = 0; i < wb_radar_get_number_of_targets(tags[r]); i++)
      CHECK(targets[i].azimuth == 0.0, "%s: target %d at azimuth %g, expected 0", radars[r], i, targets[i].azimuth);
  }
}

static void speed(void) {
  const double target_velocity[6] = {1.5, 0, 0, 0, 0, 0};
  const double own_velocity[6] = {0.75, 0, 0, 0, 0, 0};
  WbDeviceTag radar = wb_robot_get_device("radar");
  wb_radar_enable(radar, TIME_STEP);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(radar), 1);
  wb_supervisor_node_set_velocity(wb_supervisor_node_get_from_def("RADAR_TARGET"), target_velocity);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(radar), 1);
  CHECK(fabs(wb_radar_get_targets(radar)[0].speed - 1.5) < 0.001, "speed %g, expected 1.5",
        wb_radar_get_targets(radar)[0].speed);
  wb_supervisor_node_set_velocity(wb_supervisor_node_get_self(), own_velocity);
  wb_robot_step(TIME_STEP);
  CHECK_INT(wb_radar_get_number_of_targets(radar), 1);
  CHECK(fabs(wb_radar_get_targets(radar)[0].speed - 0.75) < 0.001, "speed %g, expected 0.75",
        wb_radar_get_targets(radar)[0].speed);
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: radar_webots frustum|occlusion|merging|speed");
  wb_robot_init();
  if (strcmp(argv[1], "frustum") == 0)
    frustum();
  else if (strcmp(argv[1], "merging") == 0)
    merging();
  else if (strcmp(argv[1], "speed") == 0)
    speed();
  else
    occlusion();
  printf("radar %s test passed\n", argv[1]);
  wb_robot_cleanup();
  return 0;
}
