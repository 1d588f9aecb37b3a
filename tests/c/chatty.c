/* Writes to stdout and stderr, including a last line with no newline, then exits. */
#include <stdio.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  printf("hello on stdout\n");
  fprintf(stderr, "hello on stderr\n");
  wb_robot_step(32);
  printf("second line");
  wb_robot_cleanup();
  return 0;
}
