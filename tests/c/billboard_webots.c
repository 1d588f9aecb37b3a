/* Webots' billboard scenario: the Viewpoint's picture is exported three times, after moving the
 * Viewpoint and after turning it; a Billboard's children follow the Viewpoint, so the three PNG files
 * are byte for byte the same. */
#define _DEFAULT_SOURCE /* M_PI */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"
#include "file_bytes.h"

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbNodeRef viewpoint = wb_supervisor_node_get_from_def("VIEWPOINT");
  CHECK(viewpoint, "a DEF VIEWPOINT");
  wb_robot_step(step);
  wb_supervisor_export_image("image0.png", 100);
  const double position[3] = {5, -3, 0.4};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(viewpoint, "position"), position);
  wb_robot_step(step);
  wb_supervisor_export_image("image1.png", 100);
  const double orientation[4] = {0.5, 0.5, 1.0, M_PI / 3.0};
  wb_supervisor_field_set_sf_rotation(wb_supervisor_node_get_field(viewpoint, "orientation"), orientation);
  wb_robot_step(step);
  wb_supervisor_export_image("image2.png", 100);
  unsigned char *data[3];
  long size[3];
  for (int i = 0; i < 3; i++) {
    char name[16];
    snprintf(name, sizeof(name), "image%d.png", i);
    size[i] = file_bytes(name, &data[i]);
  }
  for (int i = 1; i < 3; i++) {
    CHECK(size[i] == size[0], "image%d.png has %ld bytes, image0.png %ld", i, size[i], size[0]);
    CHECK(memcmp(data[i], data[0], size[0]) == 0, "image%d.png differs from image0.png", i);
  }
  printf("billboard test passed\n");
  wb_robot_cleanup();
  return 0;
}
