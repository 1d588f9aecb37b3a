/* Webots' supervisor_animation test as its controller runs it: old files removed,
 * start_recording("animation.html"), 20 steps of 32 ms with nothing moved by the supervisor (in Webots'
 * world a can falls onto the floor by itself), stop_recording, and the four files beside the page.
 * Prints "animation files written" (tests/replay.rs). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  const char *files[] = {"animation.html", "animation.json", "animation.x3d", "animation.css"};
  for (int i = 0; i < 3; ++i)
    remove(files[i]);
  CHECK(wb_supervisor_animation_start_recording("animation.html"), "start_recording failed");
  for (int i = 0; i < 20; ++i)
    wb_robot_step(32);
  CHECK(wb_supervisor_animation_stop_recording(), "stop_recording failed");
  for (int i = 0; i < 4; ++i)
    CHECK(access(files[i], F_OK) == 0, "%s not written", files[i]);
  printf("animation files written\n");
  wb_robot_cleanup();
  return 0;
}
