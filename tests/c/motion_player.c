/* Motion files (utils/motion.h) played onto the robot's motors (tests/robot_utils.rs). The program
 * defines wb_motor_set_position itself (linked with -rdynamic), so it sees every position the player
 * sets, step by step. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/utils/motion.h>
#include "sv_check.h"

static int calls = 0;
static WbDeviceTag tags[64];
static double positions[64];

void wb_motor_set_position(WbDeviceTag tag, double position) {
  if (calls < 64) {
    tags[calls] = tag;
    positions[calls] = position;
  }
  ++calls;
}

static void write_file(const char *name, const char *text) {
  FILE *f = fopen(name, "w");
  CHECK(f != NULL, "cannot write %s", name);
  fputs(text, f);
  fclose(f);
}

/* One step; the motor positions it set, as (tag, position) pairs. */
static void step_and_expect(int n, const WbDeviceTag *want_tags, const double *want_positions) {
  calls = 0;
  CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(calls, n);
  for (int i = 0; i < n; ++i) {
    CHECK_INT(tags[i], want_tags[i]);
    CHECK_DOUBLE(positions[i], want_positions[i]);
  }
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag hip = wb_robot_get_device("hip"), knee = wb_robot_get_device("knee");
  CHECK(hip && knee, "motors not found");

  write_file("walk.motion",
             "#WEBOTS_MOTION,V1.0,hip,knee,radio,ghost\n"
             "00:00:000,Start,0,0.1,*,1\n"
             "00:00:128,Mid,1,*,*,2\n"
             "00:00:256,End,-1,0.3,5,3\n");
  WbMotionRef walk = NULL;
  EXPECT_STDERR("Warning: wbu_motion_new(): ignoring joint 'ghost', specified in file 'walk.motion', but not found in "
                "this robot.\n",
                walk = wbu_motion_new("walk.motion"));
  CHECK(walk != NULL, "walk.motion not loaded");
  CHECK_INT(wbu_motion_get_duration(walk), 256);
  CHECK_INT(wbu_motion_get_time(walk), 0);
  CHECK(!wbu_motion_is_over(walk), "over before playing");

  /* not playing: nothing is set */
  step_and_expect(0, NULL, NULL);
  wbu_motion_play(walk);
  /* each step sets the positions at the motion's time, then the time moves on by the step */
  const WbDeviceTag both[] = {hip, knee}, one[] = {hip};
  step_and_expect(2, both, (const double[]){0.0, 0.1});
  step_and_expect(1, one, (const double[]){0.25}); /* knee: '*' in the next pose */
  step_and_expect(1, one, (const double[]){0.5});
  step_and_expect(1, one, (const double[]){0.75});
  step_and_expect(1, one, (const double[]){1.0});
  step_and_expect(1, one, (const double[]){0.5});
  step_and_expect(1, one, (const double[]){0.0});
  step_and_expect(1, one, (const double[]){-0.5});
  /* the last pose: radio is not a motor */
  EXPECT_STDERR("Error: unexpeced type for device \"radio\".\n", step_and_expect(2, both, (const double[]){-1.0, 0.3}));
  CHECK_INT(wbu_motion_get_time(walk), 256);
  CHECK(wbu_motion_is_over(walk), "not over at the end");
  step_and_expect(0, NULL, NULL); /* it stopped there */

  /* backwards from the end, looping */
  wbu_motion_set_reverse(walk, true);
  wbu_motion_set_loop(walk, true);
  CHECK(!wbu_motion_is_over(walk), "a looping motion is never over");
  wbu_motion_set_time(walk, 64);
  wbu_motion_play(walk);
  step_and_expect(1, one, (const double[]){0.5});
  step_and_expect(1, one, (const double[]){0.25});
  step_and_expect(2, both, (const double[]){0.0, 0.1}); /* at the start: it loops to the end */
  CHECK_INT(wbu_motion_get_time(walk), 256);
  wbu_motion_stop(walk);
  step_and_expect(0, NULL, NULL);
  wbu_motion_set_time(walk, -5);
  CHECK_INT(wbu_motion_get_time(walk), 0);
  wbu_motion_set_time(walk, 1000);
  CHECK_INT(wbu_motion_get_time(walk), 256);

  /* two motions on the same motor: the older one's position is set last */
  write_file("hold.motion", "#WEBOTS_MOTION,V1.0,hip\n0,Hold,9\n");
  WbMotionRef hold = wbu_motion_new("hold.motion");
  wbu_motion_set_reverse(walk, false);
  wbu_motion_set_loop(walk, false);
  wbu_motion_set_time(walk, 0);
  wbu_motion_play(walk);
  wbu_motion_play(hold);
  step_and_expect(3, (const WbDeviceTag[]){hip, hip, knee}, (const double[]){9.0, 0.0, 0.1});
  wbu_motion_delete(hold);
  wbu_motion_delete(walk);
  EXPECT_STDERR("Error: wbu_motion_delete(): attempt to delete an invalid 'motion'.\n", wbu_motion_delete(walk));
  step_and_expect(0, NULL, NULL);

  /* misuse and broken files, with Webots' messages */
  EXPECT_STDERR("Error: wbu_motion_new() called with NULL or empty 'filename' argument.\n",
                CHECK(wbu_motion_new(NULL) == NULL, "NULL file"));
  EXPECT_STDERR("Error: wbu_motion_new(): could not open 'missing.motion' file.\n",
                CHECK(wbu_motion_new("missing.motion") == NULL, "missing file"));
  write_file("bad.motion", "#WEBOTS_MOTION,V1.0,hip\n00:00:100,A,1\n00:00:050,B,2\n");
  EXPECT_STDERR("Error: wbu_motion_new(): illegal (non-increasing) time sequence detected in file 'bad.motion', "
                "line 3.\n",
                CHECK(wbu_motion_new("bad.motion") == NULL, "bad file"));
  write_file("empty.motion", "#WEBOTS_MOTION,V1.0,hip\n");
  EXPECT_STDERR("Error: wbu_motion_new(): file 'empty.motion' must contain at least one joint and one pose.\n",
                CHECK(wbu_motion_new("empty.motion") == NULL, "no pose"));
  EXPECT_STDERR("Error: wbu_motion_play() called with NULL 'motion' argument.\n", wbu_motion_play(NULL));
  EXPECT_STDERR("Error: wbu_motion_get_duration() called with NULL argument.\n",
                CHECK_INT(wbu_motion_get_duration(NULL), -1));
  EXPECT_STDERR("Error: wbu_motion_is_over() called with NULL argument.\n", CHECK(!wbu_motion_is_over(NULL), "over"));
  EXPECT_STDERR("", wbu_motion_delete(NULL));

  /* motions still loaded at cleanup are freed with the robot */
  WbMotionRef left = wbu_motion_new("hold.motion");
  CHECK(left != NULL, "hold.motion not loaded");
  printf("motion_player: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  EXPECT_STDERR("", wbu_motion_delete(left));
  return 0;
}
