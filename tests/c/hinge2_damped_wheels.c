/* Webots' hinge_2_joint_damping robot, rebuilt: two Hinge2Joint wheels on one axle driven at -1 and +1
 * rad/s on their second axis turn the robot in place; its gyro's rate about the vertical is printed each
 * 64 ms step ("rate STEP VALUE") while a supervisor raises the wheels' damping (0, 20, 50). */
#include <math.h>
#include <stdio.h>
#include <webots/gyro.h>
#include <webots/motor.h>
#include <webots/robot.h>

#define TIME_STEP 64

int main(void) {
  wb_robot_init();
  WbDeviceTag wheels[2] = {wb_robot_get_device("wheel1"), wb_robot_get_device("wheel2")};
  for (int i = 0; i < 2; ++i)
    wb_motor_set_position(wheels[i], INFINITY);
  wb_motor_set_velocity(wheels[0], -1.0);
  wb_motor_set_velocity(wheels[1], 1.0);
  WbDeviceTag gyro = wb_robot_get_device("gyro");
  wb_gyro_enable(gyro, TIME_STEP);
  for (int n = 0; n < 30 && wb_robot_step(TIME_STEP) != -1; ++n)
    printf("rate %d %.6f\n", n, wb_gyro_get_values(gyro)[2]);
  wb_robot_cleanup();
  return 0;
}
