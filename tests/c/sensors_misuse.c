/* Misuse of the sampled sensors, each with Webots' exact stderr and return value: unknown tags, tags of
 * another device type, negative periods, reads of disabled sensors, touch sensor reads of the wrong
 * type; and what stays readable after a disable. */
#define _POSIX_C_SOURCE 200809L
#include <webots/accelerometer.h>
#include <webots/distance_sensor.h>
#include <webots/gps.h>
#include <webots/gyro.h>
#include <webots/inertial_unit.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>
#include "sv_check.h"

#define NOT_FOUND "Error: device with tag=999 not found.\n"
#define INVALID(f) "Error: " f "(): invalid device tag.\n"
#define DISABLED(f, e) "Error: " f "() called for a disabled device! Please use: " e "().\n"
#define NEGATIVE(f) "Error: " f "() called with negative sampling period.\n"

static void gps(WbDeviceTag gps, WbDeviceTag other) {
  EXPECT_STDERR(NOT_FOUND INVALID("wb_gps_get_values"), CHECK(wb_gps_get_values(999) == NULL, "values"));
  EXPECT_STDERR(INVALID("wb_gps_get_values"), CHECK(wb_gps_get_values(other) == NULL, "values"));
  EXPECT_STDERR(INVALID("wb_gps_get_speed"), CHECK(isnan(wb_gps_get_speed(other)), "speed"));
  EXPECT_STDERR(NOT_FOUND INVALID("wb_gps_get_speed_vector"), CHECK(wb_gps_get_speed_vector(999) == NULL, "vector"));
  EXPECT_STDERR(INVALID("wb_gps_get_coordinate_system"), CHECK_INT(wb_gps_get_coordinate_system(other), 0));
  EXPECT_STDERR(INVALID("wb_gps_get_sampling_period"), CHECK_INT(wb_gps_get_sampling_period(other), 0));
  EXPECT_STDERR(NOT_FOUND INVALID("wb_gps_enable"), wb_gps_enable(999, 32));
  EXPECT_STDERR(NOT_FOUND INVALID("wb_gps_disable"), wb_gps_disable(999));
  EXPECT_STDERR(NEGATIVE("wb_gps_enable"), wb_gps_enable(gps, -32));
  CHECK_INT(wb_gps_get_sampling_period(gps), 0);
  EXPECT_STDERR(DISABLED("wb_gps_get_values", "wb_gps_enable"), CHECK_ALL_NAN(wb_gps_get_values(gps), 3));
  EXPECT_STDERR(DISABLED("wb_gps_get_speed", "wb_gps_enable"), CHECK(isnan(wb_gps_get_speed(gps)), "speed"));
  EXPECT_STDERR(DISABLED("wb_gps_get_speed_vector", "wb_gps_enable"), CHECK_ALL_NAN(wb_gps_get_speed_vector(gps), 3));
  /* whole degrees, minutes and seconds, each truncated toward zero; the caller frees the string */
  char *text = (char *)wb_gps_convert_to_degrees_minutes_seconds(46.5125);
  CHECK_STR(text, "46° 30′ 45″");
  free(text);
  text = (char *)wb_gps_convert_to_degrees_minutes_seconds(-6.25);
  CHECK_STR(text, "-6° -15′ 0″");
  free(text);
}

static void gyro(WbDeviceTag gyro, WbDeviceTag other) {
  EXPECT_STDERR(NOT_FOUND INVALID("wb_gyro_get_values"), CHECK(wb_gyro_get_values(999) == NULL, "values"));
  EXPECT_STDERR(INVALID("wb_gyro_get_values"), CHECK(wb_gyro_get_values(other) == NULL, "values"));
  EXPECT_STDERR(INVALID("wb_gyro_get_lookup_table_size"), CHECK_INT(wb_gyro_get_lookup_table_size(other), 0));
  EXPECT_STDERR(NOT_FOUND INVALID("wb_gyro_get_lookup_table"), CHECK(wb_gyro_get_lookup_table(999) == NULL, "table"));
  EXPECT_STDERR(NEGATIVE("wb_gyro_enable"), wb_gyro_enable(gyro, -1));
  EXPECT_STDERR(DISABLED("wb_gyro_get_values", "wb_gyro_enable"), CHECK_ALL_NAN(wb_gyro_get_values(gyro), 3));
  /* an empty table: no rows, NULL */
  EXPECT_STDERR("", CHECK(wb_gyro_get_lookup_table_size(gyro) == 0 && wb_gyro_get_lookup_table(gyro) == NULL, "table"));
}

static void accelerometer(WbDeviceTag acc, WbDeviceTag other) {
  /* Webots' quirk: no "invalid device tag" line here, only the one for a tag past the last device */
  EXPECT_STDERR(NOT_FOUND, CHECK(wb_accelerometer_get_values(999) == NULL, "values"));
  EXPECT_STDERR("", CHECK(wb_accelerometer_get_values(other) == NULL, "values"));
  EXPECT_STDERR(INVALID("wb_accelerometer_get_lookup_table_size"),
                CHECK_INT(wb_accelerometer_get_lookup_table_size(other), 0));
  EXPECT_STDERR(NOT_FOUND INVALID("wb_accelerometer_disable"), wb_accelerometer_disable(999));
  EXPECT_STDERR(NEGATIVE("wb_accelerometer_enable"), wb_accelerometer_enable(acc, -1));
  EXPECT_STDERR(DISABLED("wb_accelerometer_get_values", "wb_accelerometer_enable"),
                CHECK_ALL_NAN(wb_accelerometer_get_values(acc), 3));
}

static void inertial_unit(WbDeviceTag unit, WbDeviceTag other) {
  EXPECT_STDERR(NOT_FOUND INVALID("wb_inertial_unit_get_quaternion"),
                CHECK(wb_inertial_unit_get_quaternion(999) == NULL, "quaternion"));
  EXPECT_STDERR(INVALID("wb_inertial_unit_get_noise"), CHECK_DOUBLE(wb_inertial_unit_get_noise(other), 0.0));
  EXPECT_STDERR(NEGATIVE("wb_inertial_unit_enable"), wb_inertial_unit_enable(unit, -1));
  EXPECT_STDERR(DISABLED("wb_inertial_unit_get_quaternion", "wb_inertial_unit_enable"),
                CHECK_ALL_NAN(wb_inertial_unit_get_quaternion(unit), 4));
  const double *rpy = NULL;
  EXPECT_STDERR(DISABLED("wb_inertial_unit_get_roll_pitch_yaw", "wb_inertial_unit_enable"),
                rpy = wb_inertial_unit_get_roll_pitch_yaw(unit));
  CHECK_ALL_NAN(rpy, 3);
  /* Webots' one array for every unit: a bad tag returns it as it is */
  EXPECT_STDERR(INVALID("wb_inertial_unit_get_roll_pitch_yaw"),
                CHECK(wb_inertial_unit_get_roll_pitch_yaw(other) == rpy, "the shared array"));
  CHECK_ALL_NAN(rpy, 3);
}

static void distance_sensor(WbDeviceTag ds, WbDeviceTag other) {
  EXPECT_STDERR(NOT_FOUND INVALID("wb_distance_sensor_get_value"), CHECK(isnan(wb_distance_sensor_get_value(999)), "value"));
  EXPECT_STDERR(INVALID("wb_distance_sensor_get_max_value"), CHECK(isnan(wb_distance_sensor_get_max_value(other)), "max"));
  EXPECT_STDERR(INVALID("wb_distance_sensor_get_min_value"), CHECK(isnan(wb_distance_sensor_get_min_value(other)), "min"));
  EXPECT_STDERR(INVALID("wb_distance_sensor_get_aperture"), CHECK(isnan(wb_distance_sensor_get_aperture(other)), "aperture"));
  EXPECT_STDERR(INVALID("wb_distance_sensor_get_type"), CHECK_INT(wb_distance_sensor_get_type(other), WB_DISTANCE_SENSOR_GENERIC));
  EXPECT_STDERR(NEGATIVE("wb_distance_sensor_enable"), wb_distance_sensor_enable(ds, -1));
  EXPECT_STDERR(DISABLED("wb_distance_sensor_get_value", "wb_distance_sensor_enable"),
                CHECK(isnan(wb_distance_sensor_get_value(ds)), "value"));
}

static void touch_sensors(WbDeviceTag bumper, WbDeviceTag force3d, WbDeviceTag other) {
  EXPECT_STDERR(NOT_FOUND INVALID("wb_touch_sensor_get_value"), CHECK(isnan(wb_touch_sensor_get_value(999)), "value"));
  EXPECT_STDERR(INVALID("wb_touch_sensor_get_type"), CHECK_INT(wb_touch_sensor_get_type(other), WB_TOUCH_SENSOR_BUMPER));
  EXPECT_STDERR(NEGATIVE("wb_touch_sensor_enable"), wb_touch_sensor_enable(bumper, -1));
  /* the wrong type is refused before the disabled check */
  EXPECT_STDERR("Error: wb_touch_sensor_get_values() must be used with a TouchSensor of type \"force-3d\"\n"
                "Error: you should use wb_touch_sensor_get_value() instead.\n",
                CHECK(wb_touch_sensor_get_values(bumper) == NULL, "values"));
  EXPECT_STDERR("Error: wb_touch_sensor_get_value() must be used with a TouchSensor of type \"bumper\" or \"force\"\n"
                "Error: you should use wb_touch_sensor_get_values() instead.\n",
                CHECK(isnan(wb_touch_sensor_get_value(force3d)), "value"));
  EXPECT_STDERR(DISABLED("wb_touch_sensor_get_value", "wb_touch_sensor_enable"),
                CHECK(isnan(wb_touch_sensor_get_value(bumper)), "value"));
  EXPECT_STDERR(DISABLED("wb_touch_sensor_get_values", "wb_touch_sensor_enable"),
                CHECK_ALL_NAN(wb_touch_sensor_get_values(force3d), 3));
  CHECK_INT(wb_touch_sensor_get_type(force3d), WB_TOUCH_SENSOR_FORCE3D);
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag g = wb_robot_get_device("gps"), y = wb_robot_get_device("gyro");
  const WbDeviceTag a = wb_robot_get_device("accelerometer"), u = wb_robot_get_device("inertial unit");
  const WbDeviceTag d = wb_robot_get_device("distance sensor"), b = wb_robot_get_device("touch sensor");
  const WbDeviceTag f = wb_robot_get_device("force3d"), e = wb_robot_get_device("emitter");
  CHECK(g && y && a && u && d && b && f && e, "devices missing");
  gps(g, e);
  gyro(y, e);
  accelerometer(a, e);
  inertial_unit(u, e);
  distance_sensor(d, e);
  touch_sensors(b, f, e);

  /* enabled, one step: values; disabled: the last values stay readable, with the message */
  wb_gps_enable(g, 32);
  wb_inertial_unit_enable(u, 32);
  wb_distance_sensor_enable(d, 32);
  wb_robot_step(32);
  const double x = wb_gps_get_values(g)[0];
  const double value = wb_distance_sensor_get_value(d);
  CHECK(!isnan(x) && !isnan(value), "no sample");
  const double *rpy = wb_inertial_unit_get_roll_pitch_yaw(u);
  CHECK(!isnan(rpy[2]), "no roll, pitch, yaw");
  wb_gps_disable(g);
  wb_distance_sensor_disable(d);
  wb_robot_step(32);
  EXPECT_STDERR(DISABLED("wb_gps_get_values", "wb_gps_enable"), CHECK_DOUBLE(wb_gps_get_values(g)[0], x));
  EXPECT_STDERR(DISABLED("wb_distance_sensor_get_value", "wb_distance_sensor_enable"),
                CHECK_DOUBLE(wb_distance_sensor_get_value(d), value));
  printf("misuse checks passed\n");
  wb_robot_cleanup();
  return 0;
}
