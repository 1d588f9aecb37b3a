/* Five velocity-controlled hinges (motor0..motor4 at 0.1, 0.2 ... 0.5 rad/s): after 50 basic steps,
 * prints the five positions and the robot's name (Webots' collapsible_proto_parameter_nodes scenario,
 * tests/template_protos.rs). */
#include <math.h>
#include <stdio.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag sensors[5];
  for (int i = 0; i < 5; ++i) {
    char name[16];
    snprintf(name, sizeof name, "motor%d", i);
    const WbDeviceTag motor = wb_robot_get_device(name);
    wb_motor_set_position(motor, INFINITY);
    wb_motor_set_velocity(motor, 0.1 * (i + 1));
    snprintf(name, sizeof name, "sensor%d", i);
    sensors[i] = wb_robot_get_device(name);
    wb_position_sensor_enable(sensors[i], step);
  }
  for (int k = 0; k < 50; ++k)
    wb_robot_step(step);
  printf("t=%.3f", wb_robot_get_time());
  for (int i = 0; i < 5; ++i)
    printf(" %.4f", wb_position_sensor_get_value(sensors[i]));
  printf(" %s\n", wb_robot_get_name());
  wb_robot_cleanup();
  return 0;
}
