/* Radar, light sensors, pen and vacuum gripper (see tests/world_sensors.rs): prints what they
 * measure. */
#include <webots/light_sensor.h>
#include <webots/pen.h>
#include <webots/radar.h>
#include <webots/robot.h>
#include <webots/vacuum_gripper.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag radar = wb_robot_get_device("radar");
  WbDeviceTag near = wb_robot_get_device("near light sensor");
  WbDeviceTag far = wb_robot_get_device("far light sensor");
  WbDeviceTag hidden = wb_robot_get_device("hidden light sensor");
  WbDeviceTag pen = wb_robot_get_device("pen");
  WbDeviceTag gripper = wb_robot_get_device("gripper");
  CHECK(radar && near && far && hidden && pen && gripper, "devices missing");

  CHECK_DOUBLE(wb_radar_get_max_range(radar), 50.0);
  CHECK_DOUBLE(wb_radar_get_horizontal_fov(radar), 0.78);
  CHECK_INT(wb_light_sensor_get_lookup_table_size(near), 2);
  CHECK_DOUBLE(wb_light_sensor_get_lookup_table(near)[4], 1000.0);
  CHECK(!wb_vacuum_gripper_is_on(gripper), "the pump starts off");
  CHECK_INT(wb_radar_get_number_of_targets(radar), 0); /* disabled: message */

  wb_radar_enable(radar, 32);
  wb_light_sensor_enable(near, 32);
  wb_light_sensor_enable(far, 32);
  wb_light_sensor_enable(hidden, 32);
  wb_vacuum_gripper_enable_presence(gripper, 32);
  wb_pen_set_ink_color(pen, 0xFF8000, 0.75);
  wb_robot_step(32);

  int n = wb_radar_get_number_of_targets(radar);
  const WbRadarTarget *t = wb_radar_get_targets(radar);
  printf("radar %d", n);
  for (int i = 0; i < n; i++)
    printf(" | %.4f %.4f %.4f %.4f", t[i].distance, t[i].received_power, t[i].speed, t[i].azimuth);
  printf("\n");
  printf("light %.4f %.4f %.4f\n", wb_light_sensor_get_value(near), wb_light_sensor_get_value(far),
         wb_light_sensor_get_value(hidden));
  printf("presence before %d\n", wb_vacuum_gripper_get_presence(gripper));

  wb_vacuum_gripper_turn_on(gripper);
  CHECK(wb_vacuum_gripper_is_on(gripper), "turned on");
  for (int i = 0; i < 5; i++)
    wb_robot_step(32);
  printf("presence on %d\n", wb_vacuum_gripper_get_presence(gripper));
  wb_pen_write(pen, false); /* no more marks from now on */
  wb_vacuum_gripper_turn_off(gripper);
  wb_robot_step(32);
  wb_robot_step(32);
  printf("presence off %d\n", wb_vacuum_gripper_get_presence(gripper));
  wb_robot_cleanup();
  return 0;
}
