/* Spins the robot's "wheel1" (and "wheel2" when given any argument) at 50 rad/s under its motor's
 * acceleration for 50 steps of 32 ms, asks for 0 rad/s and exits, leaving the motors to slow down. */
#include <math.h>
#include <webots/motor.h>
#include <webots/robot.h>

#define TIME_STEP 32

int main(int argc, char **argv) {
  (void)argv;
  wb_robot_init();
  WbDeviceTag wheels[2] = {wb_robot_get_device("wheel1"), argc > 1 ? wb_robot_get_device("wheel2") : 0};
  for (int i = 0; i < 2; ++i) {
    if (!wheels[i])
      continue;
    wb_motor_set_position(wheels[i], INFINITY);
    wb_motor_set_velocity(wheels[i], 50);
  }
  wb_robot_step(50 * TIME_STEP);
  for (int i = 0; i < 2; ++i)
    if (wheels[i])
      wb_motor_set_velocity(wheels[i], 0);
  wb_robot_cleanup();
  return 0;
}
