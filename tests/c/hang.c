/* Stops coming back to wb_robot_step after two steps. */
#include <stdio.h>
#include <unistd.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  wb_robot_step(32);
  printf("hanging now (pid %d)\n", (int)getpid());
  fflush(stdout);
  for (;;)
    sleep(1000);
  return 0;
}
