/* Crashes with SIGSEGV after three steps. */
#include <signal.h>
#include <stdio.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  for (int i = 0; i < 3; i++)
    wb_robot_step(32);
  printf("crashing now\n");
  fflush(stdout);
  raise(SIGSEGV);
  return 0;
}
