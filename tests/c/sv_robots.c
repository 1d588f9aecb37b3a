/* Robots a supervisor imports (their controllers start), devices it imports into its own robot (new
 * tags), a robot it removes (its controller's run ends), a controller it restarts, and a world reload
 * (every controller ends, the world and its controllers start again). tests/supervisor_scene.rs. */
#define _POSIX_C_SOURCE 200809L
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

static WbNodeRef def(const char *name) {
  WbNodeRef n = wb_supervisor_node_get_from_def(name);
  CHECK(n != NULL, "no node %s", name);
  return n;
}

int main(void) {
  wb_robot_init();
  FILE *marker = fopen("reloaded", "r");
  if (marker) {
    fclose(marker);
    remove("reloaded");
    printf("boss after the reload at %.3f, %d robots\n", wb_robot_get_time(),
           wb_supervisor_field_get_count(wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children")) - 1);
    wb_robot_step(32);
    wb_supervisor_simulation_quit(0);
    wb_robot_step(32);
    return 0;
  }
  CHECK_INT(wb_robot_step(32), 0);
  WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF SPAWNED Robot { name \"spawned\" controller \"scene_peer\" }");
  CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(wb_robot_step(32), 0);

  /* a device imported into this robot: the next tag */
  CHECK_INT(wb_robot_get_number_of_devices(), 0);
  wb_supervisor_field_import_mf_node_from_string(wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "children"),
                                                  -1, "Emitter { name \"late\" }");
  CHECK_INT(wb_robot_get_number_of_devices(), 1);
  CHECK_INT(wb_robot_get_device("late"), 1);
  CHECK_INT(wb_device_get_node_type(1), WB_NODE_EMITTER);

  /* a removed robot's controller ends */
  wb_supervisor_node_remove(def("VICTIM"));
  CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(wb_robot_step(32), 0);

  wb_supervisor_node_restart_controller(def("SPAWNED"));
  CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(wb_robot_step(32), 0);

  marker = fopen("reloaded", "w");
  CHECK(marker != NULL, "cannot write the marker");
  fclose(marker);
  printf("boss reloads at %.3f\n", wb_robot_get_time());
  wb_supervisor_world_reload();
  CHECK_INT(wb_robot_step(32), -1);
  printf("boss ended\n");
  return 0;
}
