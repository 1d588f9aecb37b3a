/* Loads the world given as its first argument (relative to this controller's folder) after one step
 * (tests/supervisor_scene.rs). */
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2, "usage: sv_load WORLD");
  wb_robot_init();
  CHECK_INT(wb_robot_step(32), 0);
  wb_supervisor_world_load(argv[1]);
  CHECK_INT(wb_robot_step(32), -1);
  printf("sv_load: left at %.3f\n", wb_robot_get_time());
  return 0;
}
