/* Webots' supervisor_animation test, its sequence: old files removed, start_recording("animation.html"),
 * 20 steps (here the supervisor slides a box 1 cm a step along x, so that the animation has something
 * to show), stop_recording, and the page with its json, x3d and css files beside it. Prints
 * "animation files written" and the box's last translation ("box at X Y Z"). */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define STEP 32

int main(void) {
  wb_robot_init();
  const char *files[] = {"animation.html", "animation.json", "animation.x3d", "animation.css"};
  for (int i = 0; i < 4; ++i)
    remove(files[i]);
  const WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("BOX"), "translation");
  CHECK(translation != NULL, "no box");
  CHECK(wb_supervisor_animation_start_recording("animation.html"), "start_recording failed");
  double at[3] = {0, 0, 0.05};
  for (int i = 0; i < 20; ++i) {
    at[0] += 0.01;
    wb_supervisor_field_set_sf_vec3f(translation, at);
    wb_robot_step(STEP);
  }
  CHECK(wb_supervisor_animation_stop_recording(), "stop_recording failed");
  for (int i = 0; i < 4; ++i)
    CHECK(access(files[i], F_OK) == 0, "%s not written", files[i]);
  printf("animation files written\nbox at %g %g %g\n", at[0], at[1], at[2]);
  wb_robot_cleanup();
  return 0;
}
