/* Steps until the run is over, then never leaves: the runner has to stop it. */
#include <stdio.h>
#include <unistd.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  while (wb_robot_step(32) != -1) {
  }
  printf("the run is over, staying anyway\n");
  fflush(stdout);
  for (;;)
    sleep(1000);
  return 0;
}
