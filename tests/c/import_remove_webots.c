/* Webots' tests/api scenario supervisor_import_remove, rebuilt (tests/supervisor_scene.rs): a supervisor
 * with two infra-red sensors (ds0 looking along +x, ds1 along -x, Webots' default lookup table: 1000 at
 * 0.1 m and beyond) imports and removes Solids in the root's children and sees them come and go; invalid
 * requests (removing WorldInfo or the root, an unparsable node, a node removed twice, an SF import into a
 * full field) change nothing; node references stay valid for the nodes that remain and end for the
 * children of a removed node. */
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define STEP 32

static WbDeviceTag ds0, ds1;

/* ds0 sees a sphere of radius 0.1 at 0.15 m: its near side 0.05 m away, well under 750 */
#define SEES(ds, what) CHECK(wb_distance_sensor_get_value(ds) < 750, "%s: %g", what, wb_distance_sensor_get_value(ds))
#define CLEAR(ds, what) CHECK(wb_distance_sensor_get_value(ds) > 750, "%s: %g", what, wb_distance_sensor_get_value(ds))

static const char *sphere(const char *def, double x) {
  static char text[256];
  snprintf(text, sizeof text,
           "DEF %s Solid { translation %g 0 0 children [ DEF SPHERE Shape { geometry Sphere { radius 0.1 } } ] "
           "boundingObject USE SPHERE }",
           def, x);
  return text;
}

int main(void) {
  wb_robot_init();
  ds0 = wb_robot_get_device("ds0");
  ds1 = wb_robot_get_device("ds1");
  wb_distance_sensor_enable(ds0, STEP);
  wb_distance_sensor_enable(ds1, STEP);
  wb_robot_step(4 * STEP);

  wb_supervisor_node_remove(wb_supervisor_node_get_from_def("WORLDINFO"));
  SEES(ds0, "SPHERE0 at the start");
  CLEAR(ds1, "nothing behind at the start");

  const WbFieldRef children = wb_supervisor_node_get_field(wb_supervisor_node_get_root(), "children");
  const int initial = wb_supervisor_field_get_count(children);
  wb_supervisor_field_import_mf_node_from_string(children, 5, sphere("SPHERE1", -0.15));
  CHECK_INT(wb_supervisor_field_get_count(children), initial + 1);
  wb_robot_step(STEP);

  int count = wb_supervisor_field_get_count(children);
  wb_supervisor_field_import_mf_node_from_string(children, 5, "INVALID");
  CHECK_INT(wb_supervisor_field_get_count(children), count);
  wb_robot_step(STEP);
  SEES(ds1, "SPHERE1 behind");

  CHECK(wb_supervisor_node_get_from_def("SPHERE0") != NULL, "SPHERE0");
  wb_supervisor_field_remove_mf(children, 4);
  CHECK_INT(wb_supervisor_field_get_count(children), initial);
  wb_robot_step(STEP);
  CLEAR(ds0, "SPHERE0 removed");
  CHECK(wb_supervisor_node_get_from_def("SPHERE0") == NULL, "SPHERE0 still found");

  wb_supervisor_field_import_mf_node_from_string(children, 5, sphere("SPHERE2", 0.15));
  CHECK_INT(wb_supervisor_field_get_count(children), initial + 1);
  wb_robot_step(STEP);

  /* the root cannot be removed: nothing happens */
  wb_supervisor_node_remove(wb_supervisor_node_get_root());
  SEES(ds0, "SPHERE2");
  const WbNodeRef sphere2 = wb_supervisor_node_get_from_def("SPHERE2");
  CHECK(sphere2 != NULL, "SPHERE2");
  wb_supervisor_node_remove(sphere2);
  CHECK_INT(wb_supervisor_field_get_count(children), initial);
  wb_robot_step(STEP);
  /* removed twice: nothing more happens */
  wb_supervisor_node_remove(sphere2);
  CHECK_INT(wb_supervisor_field_get_count(children), initial);
  wb_robot_step(STEP);
  CLEAR(ds0, "SPHERE2 removed");

  /* at the end (-1), read back from the end, removed from the end */
  wb_supervisor_field_import_mf_node_from_string(children, -1, sphere("SPHERE3", 0.15));
  CHECK_INT(wb_supervisor_field_get_count(children), initial + 1);
  wb_robot_step(STEP);
  SEES(ds0, "SPHERE3");
  const WbNodeRef sphere3 = wb_supervisor_field_get_mf_node(children, -1);
  CHECK(sphere3 != NULL, "SPHERE3 at -1");
  CHECK_STR(wb_supervisor_node_get_def(sphere3), "SPHERE3");
  wb_supervisor_field_remove_mf(children, -1);
  CHECK_INT(wb_supervisor_field_get_count(children), initial);
  wb_robot_step(STEP);
  CLEAR(ds0, "SPHERE3 removed");

  /* an empty MF field: removing from it is an error; importing a DEF node into a DEF node used elsewhere */
  const WbFieldRef import_children =
    wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("IMPORT_TEST"), "children");
  wb_supervisor_field_remove_mf(import_children, 0);
  CHECK_INT(wb_supervisor_field_get_count(import_children), 0);
  wb_supervisor_field_import_mf_node_from_string(import_children, -1,
                                                 "Shape { geometry DEF MY_GEOM Box { size 0.1 0.1 0.1 } }");
  CHECK_INT(wb_supervisor_field_get_count(import_children), 1);
  wb_robot_step(STEP);

  /* two nodes in one string: both */
  count = wb_supervisor_field_get_count(children);
  wb_supervisor_field_import_mf_node_from_string(children, 5, "Solid { } Solid { name \"solid(1)\" }");
  CHECK_INT(wb_supervisor_field_get_count(children), count + 2);

  /* a reference to a node stays the same when another node is removed */
  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF SPHERE4 Solid { name \"four\" }");
  const WbNodeRef sphere4 = wb_supervisor_field_get_mf_node(children, -1);
  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF SPHERE5 Solid { name \"five\" }");
  const WbNodeRef sphere5 = wb_supervisor_field_get_mf_node(children, -1);
  wb_robot_step(STEP);
  wb_supervisor_node_remove(sphere4);
  wb_robot_step(STEP);
  CHECK(wb_supervisor_field_get_mf_node(children, -1) == sphere5, "SPHERE5's reference changed");

  /* an SF import into an empty geometry field; refused while the field is full */
  const WbNodeRef shape = wb_supervisor_node_get_from_def("SHAPE");
  const WbFieldRef geometry = wb_supervisor_node_get_field(shape, "geometry");
  wb_supervisor_field_import_sf_node_from_string(geometry, "DEF SPHERE_GEOM Sphere { radius 0.1 }");
  const double at[3] = {0.15, 0.0, 0.0};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(wb_supervisor_node_get_parent_node(shape), "translation"),
                                   at);
  wb_robot_step(STEP);
  SEES(ds0, "the imported sphere geometry");
  wb_supervisor_field_remove_sf(geometry);
  wb_robot_step(STEP);
  wb_supervisor_field_import_sf_node_from_string(geometry, "DEF SPHERE_GEOM Sphere { radius 15 }");
  CLEAR(ds0, "a geometry imported into an empty field after a removal in the same step");
  wb_supervisor_field_remove_sf(geometry);
  wb_robot_step(STEP);
  CLEAR(ds0, "the geometry removed");

  /* the children of a removed node are removed from the library's list too */
  wb_supervisor_field_import_mf_node_from_string(children, -1,
                                                 "DEF PARENT Group { children [ Shape { geometry DEF CHILD Cylinder { } } ] }");
  wb_robot_step(STEP);
  const WbNodeRef parent = wb_supervisor_node_get_from_def("PARENT");
  CHECK(parent != NULL, "PARENT");
  WbNodeRef child = wb_supervisor_node_get_from_def("CHILD");
  CHECK(child != NULL, "CHILD");
  CHECK(wb_supervisor_node_get_id(child) != -1, "CHILD's id");
  wb_robot_step(STEP);
  wb_supervisor_node_remove(parent);
  wb_robot_step(STEP);
  CHECK_INT(wb_supervisor_node_get_id(child), -1);
  CHECK(wb_supervisor_node_get_from_def("CHILD") == NULL, "CHILD still found");
  printf("import and remove checks passed\n");
  wb_robot_cleanup();
  return 0;
}
