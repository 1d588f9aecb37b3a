/* Prints what sampled sensors read, step by step, for tests/sensors.rs to compare with what geometry and
 * mechanics give. argv[1] = steps of the basic time step; then device names, each optionally
 * "name@period" (default: the basic time step; 0 leaves it disabled).
 * First, per device: "info <name> ..." (its getters). Then per step and device:
 * "t=<ms> <name> <values>" ("nan" for NaN), with
 *   GPS: x y z speed vx vy vz      Gyro, Accelerometer: x y z      InertialUnit: roll pitch yaw qx qy qz qw
 *   DistanceSensor: value          TouchSensor: value, or x y z for "force-3d". */
#include <webots/accelerometer.h>
#include <webots/device.h>
#include <webots/distance_sensor.h>
#include <webots/gps.h>
#include <webots/gyro.h>
#include <webots/inertial_unit.h>
#include <webots/nodes.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>

#include "check.h"

#define MAX_DEVICES 16

static void print_number(double x) {
  if (isnan(x))
    printf(" nan");
  else
    printf(" %.17g", x);
}

static void print_numbers(const double *v, int n) {
  CHECK(v != NULL, "NULL values");
  for (int i = 0; i < n; i++)
    print_number(v[i]);
}

static void print_table(int rows, const double *table) {
  printf(" table=%d", rows);
  for (int i = 0; i < rows * 3; i++)
    printf(" %g", table[i]);
}

static void enable(WbDeviceTag tag, int period) {
  switch (wb_device_get_node_type(tag)) {
    case WB_NODE_GPS:
      wb_gps_enable(tag, period);
      CHECK_INT(wb_gps_get_sampling_period(tag), period);
      break;
    case WB_NODE_GYRO:
      wb_gyro_enable(tag, period);
      CHECK_INT(wb_gyro_get_sampling_period(tag), period);
      break;
    case WB_NODE_ACCELEROMETER:
      wb_accelerometer_enable(tag, period);
      CHECK_INT(wb_accelerometer_get_sampling_period(tag), period);
      break;
    case WB_NODE_INERTIAL_UNIT:
      wb_inertial_unit_enable(tag, period);
      CHECK_INT(wb_inertial_unit_get_sampling_period(tag), period);
      break;
    case WB_NODE_DISTANCE_SENSOR:
      wb_distance_sensor_enable(tag, period);
      CHECK_INT(wb_distance_sensor_get_sampling_period(tag), period);
      break;
    case WB_NODE_TOUCH_SENSOR:
      wb_touch_sensor_enable(tag, period);
      CHECK_INT(wb_touch_sensor_get_sampling_period(tag), period);
      break;
    default:
      CHECK(0, "device %s is not a sampled sensor", wb_device_get_name(tag));
  }
}

static void info(WbDeviceTag tag) {
  printf("info %s", wb_device_get_name(tag));
  switch (wb_device_get_node_type(tag)) {
    case WB_NODE_GPS:
      printf(" coordinates=%d", wb_gps_get_coordinate_system(tag));
      break;
    case WB_NODE_GYRO:
      print_table(wb_gyro_get_lookup_table_size(tag), wb_gyro_get_lookup_table(tag));
      break;
    case WB_NODE_ACCELEROMETER:
      print_table(wb_accelerometer_get_lookup_table_size(tag), wb_accelerometer_get_lookup_table(tag));
      break;
    case WB_NODE_INERTIAL_UNIT:
      printf(" noise=%g", wb_inertial_unit_get_noise(tag));
      break;
    case WB_NODE_DISTANCE_SENSOR:
      printf(" type=%d aperture=%g min=%g max=%g", wb_distance_sensor_get_type(tag), wb_distance_sensor_get_aperture(tag),
             wb_distance_sensor_get_min_value(tag), wb_distance_sensor_get_max_value(tag));
      print_table(wb_distance_sensor_get_lookup_table_size(tag), wb_distance_sensor_get_lookup_table(tag));
      break;
    case WB_NODE_TOUCH_SENSOR:
      printf(" type=%d", wb_touch_sensor_get_type(tag));
      print_table(wb_touch_sensor_get_lookup_table_size(tag), wb_touch_sensor_get_lookup_table(tag));
      break;
    default:
      break;
  }
  printf("\n");
}

static void values(WbDeviceTag tag) {
  printf("t=%.0f %s", wb_robot_get_time() * 1000.0, wb_device_get_name(tag));
  switch (wb_device_get_node_type(tag)) {
    case WB_NODE_GPS:
      print_numbers(wb_gps_get_values(tag), 3);
      print_number(wb_gps_get_speed(tag));
      print_numbers(wb_gps_get_speed_vector(tag), 3);
      break;
    case WB_NODE_GYRO:
      print_numbers(wb_gyro_get_values(tag), 3);
      break;
    case WB_NODE_ACCELEROMETER:
      print_numbers(wb_accelerometer_get_values(tag), 3);
      break;
    case WB_NODE_INERTIAL_UNIT:
      print_numbers(wb_inertial_unit_get_roll_pitch_yaw(tag), 3);
      print_numbers(wb_inertial_unit_get_quaternion(tag), 4);
      break;
    case WB_NODE_DISTANCE_SENSOR:
      print_number(wb_distance_sensor_get_value(tag));
      break;
    case WB_NODE_TOUCH_SENSOR:
      if (wb_touch_sensor_get_type(tag) == WB_TOUCH_SENSOR_FORCE3D)
        print_numbers(wb_touch_sensor_get_values(tag), 3);
      else
        print_number(wb_touch_sensor_get_value(tag));
      break;
    default:
      break;
  }
  printf("\n");
}

int main(int argc, char **argv) {
  wb_robot_init();
  const int basic = (int)wb_robot_get_basic_time_step();
  const int steps = argc > 1 ? atoi(argv[1]) : 5;
  WbDeviceTag tags[MAX_DEVICES];
  int periods[MAX_DEVICES];
  int n = 0;
  for (int i = 2; i < argc && n < MAX_DEVICES; i++, n++) {
    char name[128];
    snprintf(name, sizeof name, "%s", argv[i]);
    char *at = strchr(name, '@');
    periods[n] = basic;
    if (at) {
      *at = '\0';
      periods[n] = atoi(at + 1);
    }
    tags[n] = wb_robot_get_device(name);
    CHECK(tags[n] != 0, "no device \"%s\"", name);
  }
  for (int i = 0; i < n; i++) {
    info(tags[i]);
    if (periods[i] > 0)
      enable(tags[i], periods[i]);
  }
  for (int k = 0; k < steps; k++) {
    if (wb_robot_step(basic) == -1)
      break;
    for (int i = 0; i < n; i++)
      if (periods[i] > 0)
        values(tags[i]);
  }
  wb_robot_cleanup();
  return 0;
}
