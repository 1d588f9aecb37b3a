/* Webots' tests/api scenario supervisor_set_position_of_dynamic_object, rebuilt (tests/physics_scenarios.rs):
 * a differential robot driving at random is moved 50 times by its own supervisor controller (translation,
 * rotation, reset_physics), then put back at the origin; two steps later its body GPS and its wheels'
 * GPSs must read where the world file puts them. Prints the three readings. */
#define _DEFAULT_SOURCE
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define STEP 16
#define MAX_SPEED 10.0

static WbDeviceTag left, right;

static double between(double lo, double hi) {
  return lo + (hi - lo) * (rand() / (double)RAND_MAX);
}

static void drive_randomly_for_a_second(void) {
  const double start = wb_robot_get_time();
  while (wb_robot_get_time() < start + 1.0) {
    wb_robot_step(STEP);
    wb_motor_set_velocity(left, between(-MAX_SPEED, MAX_SPEED));
    wb_motor_set_velocity(right, between(-MAX_SPEED, MAX_SPEED));
  }
  wb_motor_set_velocity(left, 0.0);
  wb_motor_set_velocity(right, 0.0);
  wb_robot_step(STEP);
}

static void place(WbNodeRef self, double x, double y, double angle) {
  const double translation[3] = {x, y, 0.0};
  const double rotation[4] = {0.0, 0.0, 1.0, angle};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(self, "translation"), translation);
  wb_supervisor_field_set_sf_rotation(wb_supervisor_node_get_field(self, "rotation"), rotation);
  wb_supervisor_node_reset_physics(self);
}

int main(void) {
  wb_robot_init();
  srand(7);
  left = wb_robot_get_device("left wheel motor");
  right = wb_robot_get_device("right wheel motor");
  wb_motor_set_position(left, INFINITY);
  wb_motor_set_position(right, INFINITY);
  const char *names[3] = {"body_gps", "left_wheel_gps", "right_wheel_gps"};
  WbDeviceTag gps[3];
  for (int i = 0; i < 3; ++i) {
    gps[i] = wb_robot_get_device(names[i]);
    wb_gps_enable(gps[i], STEP);
  }
  const WbNodeRef self = wb_supervisor_node_get_self();
  for (int i = 0; i < 50; ++i) {
    place(self, between(-0.4, 0.4), between(-0.4, 0.4), between(-M_PI, M_PI));
    drive_randomly_for_a_second();
  }
  place(self, 0.0, 0.0, 0.0);
  wb_robot_step(STEP); /* the move */
  wb_robot_step(STEP); /* one step to settle */
  for (int i = 0; i < 3; ++i) {
    const double *p = wb_gps_get_values(gps[i]);
    printf("%s %.6f %.6f %.6f\n", names[i], p[0], p[1], p[2]);
  }
  wb_robot_cleanup();
  return 0;
}
