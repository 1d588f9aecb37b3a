/* Webots' brake scenario (tests/motors.rs builds the world): four pendulums released horizontal, the
 * first without a brake, the others braked with 0, 1 and 10000 N·m·s/rad. Prints their angles each
 * step: "t=<ms> a1=.. a2=.. a3=.. a4=..". */
#include <webots/brake.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>

#include "check.h"

#define STEP 32

int main(void) {
  wb_robot_init();
  const WbDeviceTag brakes[3] = {wb_robot_get_device("brake 2"), wb_robot_get_device("brake 3"),
                                 wb_robot_get_device("brake 4")};
  const double damping[3] = {0.0, 1.0, 10000.0};
  WbDeviceTag sensors[4];
  sensors[0] = wb_robot_get_device("position sensor 1");
  for (int i = 0; i < 3; ++i) {
    CHECK(brakes[i] != 0, "brake %d", i + 2);
    wb_brake_set_damping_constant(brakes[i], damping[i]);
    sensors[i + 1] = wb_brake_get_position_sensor(brakes[i]);
    CHECK(sensors[i + 1] != 0, "the sensor beside brake %d", i + 2);
  }
  char name[32];
  for (int i = 0; i < 4; ++i) {
    snprintf(name, sizeof name, "position sensor %d", i + 1);
    CHECK_INT(sensors[i], wb_robot_get_device(name));
    wb_position_sensor_enable(sensors[i], STEP);
  }
  for (int k = 0; k < 8; ++k) {
    wb_robot_step(STEP);
    printf("t=%.0f", wb_robot_get_time() * 1000);
    for (int i = 0; i < 4; ++i)
      printf(" a%d=%.12f", i + 1, wb_position_sensor_get_value(sensors[i]));
    printf("\n");
  }
  wb_robot_cleanup();
  return 0;
}
