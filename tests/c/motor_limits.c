/* Prints [minPosition, maxPosition] of each motor named in argv (Webots' joints_motor_min_max_position
 * scenario: limits widened to a joint's initial position, tests/motors.rs). */
#include <stdio.h>
#include <webots/motor.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  for (int i = 1; i < argc; ++i) {
    const WbDeviceTag m = wb_robot_get_device(argv[i]);
    printf("%s [%g, %g]\n", argv[i], wb_motor_get_min_position(m), wb_motor_get_max_position(m));
  }
  wb_robot_cleanup();
  return 0;
}
