/* A node imported by a supervisor is gone after a simulation reset (the world file's scene comes back),
 * and the supervisor's view of the root's children follows: one fewer, index -1 naming the world file's
 * last node again, and a second import at -1 landing at the end (Webots' issue 2992 scenario,
 * tests/supervisor_reset_imports.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define STEP 32

int main(void) {
  wb_robot_init();
  WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  WbNodeRef last = wb_supervisor_node_get_from_def("LAST");
  CHECK(last != NULL, "DEF LAST not found");
  const int start = wb_supervisor_field_get_count(children);

  wb_robot_step(STEP);
  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF IMPORTED Solid { name \"imported\" }");
  CHECK(wb_supervisor_node_get_from_def("IMPORTED") != NULL, "the imported node is not found");
  CHECK_INT(wb_supervisor_field_get_count(children), start + 1);

  wb_supervisor_simulation_reset();
  wb_robot_step(STEP);
  CHECK(wb_supervisor_node_get_from_def("IMPORTED") == NULL, "the imported node survived the reset");
  CHECK_INT(wb_supervisor_field_get_count(children), start);
  CHECK(wb_supervisor_field_get_mf_node(children, -1) == last, "index -1 is not the world file's last node");

  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF AGAIN Solid { name \"again\" }");
  CHECK_INT(wb_supervisor_field_get_count(children), start + 1);
  CHECK(wb_supervisor_field_get_mf_node(children, start) == wb_supervisor_node_get_from_def("AGAIN"),
        "the second import is not at the end");
  printf("reset_drops_imports: %d children, %d with the import, %d after the reset, %d after a second import\n", start,
         start + 1, start, wb_supervisor_field_get_count(children));
  wb_robot_cleanup();
  return 0;
}
