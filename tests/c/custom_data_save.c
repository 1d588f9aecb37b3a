/* A supervisor writes its own customData and saves the world at once, with no step between
 * (tests/supervisor_scene.rs): the saved file must hold the new value, as in Webots, where the commands
 * of a request are applied in order. argv[1] is the file to save. */
#include <stdio.h>
#include <string.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

static int saved_has(const char *path, const char *needle) {
  static char text[1 << 16];
  FILE *f = fopen(path, "r");
  CHECK(f != NULL, "cannot open %s", path);
  const size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  return strstr(text, needle) != NULL;
}

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: custom_data_save FILE");
  wb_robot_init();
  wb_robot_step(32);
  wb_robot_set_custom_data("x");
  CHECK(wb_supervisor_world_save(argv[1]), "the first save failed");
  CHECK(saved_has(argv[1], "customData \"x\""), "the save right after set_custom_data misses customData \"x\"");
  /* a supervisor's own write to another robot's field, then a save, in the same step */
  WbFieldRef other = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("OTHER"), "customData");
  wb_supervisor_field_set_sf_string(other, "y");
  CHECK(wb_supervisor_world_save(argv[1]), "the second save failed");
  CHECK(saved_has(argv[1], "customData \"y\""), "the save right after set_sf_string misses customData \"y\"");
  printf("custom_data_save: all checks passed\n");
  wb_robot_cleanup();
  return 0;
}
