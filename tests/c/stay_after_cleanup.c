/* Leaves the run properly (wb_robot_cleanup) after two steps, then never exits. */
#include <stdio.h>
#include <unistd.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  wb_robot_step(32);
  wb_robot_cleanup();
  printf("left the run, staying alive\n");
  fflush(stdout);
  for (;;)
    sleep(1000);
  return 0;
}
