/* Rays against a joint's endPoint that moves (Webots' joint_end_point_collision scenario): argv[1] "obstacle"
 * slides its endPoint 0.1 m after three steps; "sensor" prints its three distance sensors after two steps
 * and after thirteen (tests/sensors.rs). */
#include <stdio.h>
#include <string.h>
#include <webots/distance_sensor.h>
#include <webots/motor.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  const int obstacle = argc > 1 && strcmp(argv[1], "obstacle") == 0;
  WbDeviceTag ds[3] = {0, 0, 0};
  const char *names[3] = {"ds1", "ds2", "ds3"};
  if (!obstacle)
    for (int i = 0; i < 3; ++i) {
      ds[i] = wb_robot_get_device(names[i]);
      wb_distance_sensor_enable(ds[i], 32);
    }
  wb_robot_step(32);
  wb_robot_step(32);
  if (!obstacle)
    printf("before: %g %g %g\n", wb_distance_sensor_get_value(ds[0]), wb_distance_sensor_get_value(ds[1]),
           wb_distance_sensor_get_value(ds[2]));
  wb_robot_step(32);
  if (obstacle)
    wb_motor_set_position(wb_robot_get_device("slider"), 0.1);
  for (int i = 0; i < 10; ++i)
    wb_robot_step(32);
  if (!obstacle)
    printf("after: %g %g %g\n", wb_distance_sensor_get_value(ds[0]), wb_distance_sensor_get_value(ds[1]),
           wb_distance_sensor_get_value(ds[2]));
  wb_robot_cleanup();
  return 0;
}
