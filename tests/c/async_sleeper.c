/* Steps once, then computes (sleeps) for 0.3 s of wall time before its next step, and says what that
 * step returned and when. Run on a robot with synchronization FALSE. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  wb_robot_step(32);
  usleep(300000); /* well inside the runner's 1 s grace for controllers still running at the end */
  const int r = wb_robot_step(32);
  printf("sync=%d, after computing: step returned %d at %.3f\n", wb_robot_get_synchronization(), r,
         wb_robot_get_time());
  return 0;
}
