/* Webots' kinematic-versus-dynamic joints scenario: a three-hinge chain's motors are sent, one after the
 * other, to 1.01, 0.6 and -2.45 rad, each once the previous one is within 0.01 rad; then, 30 steps later,
 * the positions and where the chain's tip is are printed for the Rust test. */
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define TIME_STEP 32

int main(void) {
  wb_robot_init();
  const double targets[3] = {1.01, 0.6, -2.45};
  WbDeviceTag motors[3], sensors[3];
  for (int i = 0; i < 3; i++) {
    char name[32];
    snprintf(name, sizeof name, "motor %d", i + 1);
    motors[i] = wb_robot_get_device(name);
    snprintf(name, sizeof name, "sensor %d", i + 1);
    sensors[i] = wb_robot_get_device(name);
    CHECK(motors[i] && sensors[i], "no motor or sensor %d", i + 1);
    wb_position_sensor_enable(sensors[i], TIME_STEP);
  }
  WbDeviceTag tip = wb_robot_get_device("tip");
  wb_gps_enable(tip, TIME_STEP);
  wb_robot_step(TIME_STEP);
  for (int i = 0; i < 3; i++) {
    wb_motor_set_position(motors[i], targets[i]);
    int steps = 0;
    while (wb_robot_step(TIME_STEP) != -1 && fabs(wb_position_sensor_get_value(sensors[i]) - targets[i]) > 0.01)
      CHECK(++steps < 300, "motor %d never reached %g (at %g)", i + 1, targets[i], wb_position_sensor_get_value(sensors[i]));
    printf("target %d reached\n", i + 1);
  }
  for (int k = 0; k < 30; k++)
    wb_robot_step(TIME_STEP);
  const double *p = wb_gps_get_values(tip);
  printf("final %.6f %.6f %.6f %.6f %.6f %.6f\n", wb_position_sensor_get_value(sensors[0]),
         wb_position_sensor_get_value(sensors[1]), wb_position_sensor_get_value(sensors[2]), p[0], p[1], p[2]);
  wb_robot_cleanup();
  return 0;
}
