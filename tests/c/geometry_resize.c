/* Bounding objects resized at run time by a supervisor (Webots' runtime_geom_update and
 * kinematic_geometry_update scenarios, rebuilt): prints what the distance sensors read before and after
 * the resize, where the falling boxes rest, and where a resting box is pushed when the static box under
 * it grows. The Rust test checks the numbers against the geometry. */
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 8

static const char *SENSORS[] = {"ds_box", "ds_sphere", "ds_cylinder", "ds_capsule", "ds_mesh"};
#define SENSOR_COUNT 5

static WbFieldRef field_of(const char *def, const char *name) {
  WbNodeRef node = wb_supervisor_node_get_from_def(def);
  CHECK(node != NULL, "no node %s", def);
  WbFieldRef field = wb_supervisor_node_get_field(node, name);
  CHECK(field != NULL, "no field %s.%s", def, name);
  return field;
}

static void print_sensors(const char *when) {
  for (int i = 0; i < SENSOR_COUNT; i++)
    printf("%s %s %.6f\n", when, SENSORS[i], wb_distance_sensor_get_value(wb_robot_get_device(SENSORS[i])));
}

static double height_of(const char *def) {
  WbNodeRef node = wb_supervisor_node_get_from_def(def);
  CHECK(node != NULL, "no node %s", def);
  return wb_supervisor_node_get_position(node)[2];
}

int main(void) {
  wb_robot_init();
  for (int i = 0; i < SENSOR_COUNT; i++) {
    WbDeviceTag ds = wb_robot_get_device(SENSORS[i]);
    CHECK(ds != 0, "no device %s", SENSORS[i]);
    wb_distance_sensor_enable(ds, TIME_STEP);
  }
  WbFieldRef box_size = field_of("BO_BOX", "size");
  WbFieldRef sphere_radius = field_of("BO_SPHERE", "radius");
  WbFieldRef cylinder_radius = field_of("BO_CYLINDER", "radius");
  WbFieldRef capsule_height = field_of("BO_CAPSULE", "height");
  WbFieldRef mesh_points = field_of("BO_MESH_COORD", "point");
  WbFieldRef floor_size = field_of("FLOOR_BOX", "size");

  wb_robot_step(2 * TIME_STEP);
  print_sensors("before");

  const double wide[3] = {1.0, 0.1, 0.1};
  wb_supervisor_field_set_sf_vec3f(box_size, wide);
  wb_supervisor_field_set_sf_float(sphere_radius, 0.35);
  wb_supervisor_field_set_sf_float(cylinder_radius, 0.5);
  wb_supervisor_field_set_sf_float(capsule_height, 1.5);
  const double far_corner[3] = {1.0, 0.0, 0.1};
  wb_supervisor_field_set_mf_vec3f(mesh_points, 1, far_corner);
  wb_robot_step(TIME_STEP);
  print_sensors("after");

  /* the falling boxes land on the grown shapes; the box on the floor has gone to sleep by now */
  while (wb_robot_get_time() < 1.0)
    wb_robot_step(TIME_STEP);
  printf("landed %.6f %.6f\n", height_of("ON_BOX"), height_of("ON_CYLINDER"));
  printf("resting %.6f\n", height_of("RESTING"));

  const double taller[3] = {0.9, 0.9, 0.4};
  wb_supervisor_field_set_sf_vec3f(floor_size, taller);
  while (wb_robot_get_time() < 3.0)
    wb_robot_step(TIME_STEP);
  printf("pushed %.6f\n", height_of("RESTING"));
  wb_robot_cleanup();
  return 0;
}
