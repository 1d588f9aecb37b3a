/* A robot nested inside another robot (Webots' robot_nested world's inner robots): it runs, finds its own
 * device and not the outer robot's gyro (tests/robot_api.rs). */
#include <stdio.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const char *place = argc > 1 ? argv[1] : "?";
  wb_robot_step(16);
  printf("%s: outer gyro %s, own compass %s, %d devices\n", place, wb_robot_get_device("gyro") ? "found" : "not found",
         wb_robot_get_device("own") ? "found" : "not found", wb_robot_get_number_of_devices());
  wb_robot_cleanup();
  return 0;
}
