/* Floods stdout: argv[1] lines (default 200000) plus one 1 MiB line without a newline, then prints
 * its last words and exits with status 5, so the suite has something to show. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  long lines = argc > 1 ? atol(argv[1]) : 200000;
  for (long i = 0; i < lines; i++)
    printf("flood line %ld ................................................................\n", i);
  static char big[1 << 20];
  memset(big, 'x', sizeof big - 1);
  fputs(big, stdout);
  wb_robot_step(32);
  printf("\nlast words after the flood\n");
  fflush(stdout);
  wb_robot_cleanup();
  return 5;
}
