/* A robot pushing its slider forward at 0.5 m/s from its first step (tests/supervisor_restart_proto.rs):
 * it says when it starts, so a restart shows. */
#include <math.h>
#include <stdio.h>
#include <webots/motor.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  printf("started at %.3f\n", wb_robot_get_time());
  const WbDeviceTag slide = wb_robot_get_device("slide");
  wb_motor_set_position(slide, INFINITY);
  wb_motor_set_velocity(slide, 0.5);
  while (wb_robot_step(64) != -1) {
  }
  wb_robot_cleanup();
  return 0;
}
