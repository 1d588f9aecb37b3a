/* Steps once, then computes (sleeps) until the run is over for the others (quit.c, run with "mark",
 * creates ../quit.done when its step returns -1; 30 s at most) before its next step, and says what that
 * step returned and when. Run on a robot with synchronization FALSE. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  for (int waited = 0; access("../quit.done", F_OK) != 0 && waited < 3000; ++waited)
    usleep(10000);
  const int r = wb_robot_step(32);
  printf("sync=%d, after computing: step returned %d at %.3f\n", wb_robot_get_synchronization(), r,
         wb_robot_get_time());
  return 0;
}
