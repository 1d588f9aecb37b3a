/* Webots' compass API test, reproduced: a supervisor robot with a compass tilted 75 degrees about +y in
 * a NUE world reads north; its lookup table comes back as written; after the supervisor switches the
 * world to EUN, the compass follows within three steps. */
#include <webots/compass.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define NEAR(a, b) CHECK(fabs((a) - (b)) < 1e-4, "%s is %.6f, expected %.6f", #a, (a), (b))

int main(void) {
  wb_robot_init();
  WbDeviceTag compass = wb_robot_get_device("compass");
  CHECK(compass != 0, "no compass");
  wb_compass_enable(compass, 32);
  wb_robot_step(32);

  CHECK_INT(wb_compass_get_lookup_table_size(compass), 2);
  const double *table = wb_compass_get_lookup_table(compass);
  CHECK(table != NULL, "no lookup table");
  CHECK_DOUBLE(table[0], -1000.0);
  CHECK_DOUBLE(table[3], 1000.0);
  CHECK_DOUBLE(table[5], 0.0);

  const double *v = wb_compass_get_values(compass);
  NEAR(v[0], 0.258819);
  NEAR(v[1], 0.0);
  NEAR(v[2], 0.965926);

  WbNodeRef info = wb_supervisor_node_get_from_def("WORLD_INFO");
  CHECK(info != NULL, "no WORLD_INFO");
  WbFieldRef system = wb_supervisor_node_get_field(info, "coordinateSystem");
  CHECK_STR(wb_supervisor_field_get_sf_string(system), "NUE");
  wb_supervisor_field_set_sf_string(system, "EUN");
  for (int i = 0; i < 3; i++)
    wb_robot_step(32);
  CHECK_STR(wb_supervisor_field_get_sf_string(system), "EUN");
  v = wb_compass_get_values(compass);
  NEAR(v[0], -0.965926);
  NEAR(v[1], 0.0);
  NEAR(v[2], 0.258819);
  printf("compass test passed\n");
  wb_robot_cleanup();
  return 0;
}
