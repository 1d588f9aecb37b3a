/* Exits with status 3 before ever calling wb_robot_init. */
#include <stdio.h>

int main(void) {
  printf("leaving before wb_robot_init\n");
  return 3;
}
