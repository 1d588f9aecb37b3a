/* A supervisor that, before each step k (at k * 32 ms), changes DEF WALL (a Solid at 1 0 0 with no
 * boundingObject) in a world without physics (tests/emitter_receiver.rs: infra-red follows the wall as
 * it is in each step): k = 1 imports a Box 0.1 1 1 as its boundingObject, k = 2 moves it to 1 3 0,
 * k = 3 to 1 0.3 0, k = 4 makes the Box 0.1 0.2 1, k = 5 back to 0.1 1 1, k = 6 removes the
 * boundingObject. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static void move_to(WbNodeRef wall, double x, double y, double z) {
  const double to[3] = {x, y, z};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wall, "translation"), to);
}

static void box_size(WbFieldRef bounding, double x, double y, double z) {
  const double size[3] = {x, y, z};
  WbNodeRef box = wb_supervisor_field_get_sf_node(bounding);
  if (!box) {
    printf("FAIL no Box to resize\n");
    return;
  }
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(box, "size"), size);
}

int main(void) {
  wb_robot_init();
  WbNodeRef wall = wb_supervisor_node_get_from_def("WALL");
  WbFieldRef bounding = wb_supervisor_node_get_field(wall, "boundingObject");
  for (int k = 0; k < 8; ++k) {
    switch (k) {
      case 1:
        wb_supervisor_field_import_sf_node_from_string(bounding, "Box { size 0.1 1 1 }");
        break;
      case 2:
        move_to(wall, 1, 3, 0);
        break;
      case 3:
        move_to(wall, 1, 0.3, 0);
        break;
      case 4:
        box_size(bounding, 0.1, 0.2, 1);
        break;
      case 5:
        box_size(bounding, 0.1, 1, 1);
        break;
      case 6:
        wb_supervisor_field_remove_sf(bounding);
        break;
      default:
        break;
    }
    if (wb_robot_step(32) == -1)
      break;
  }
  wb_robot_cleanup();
  return 0;
}
