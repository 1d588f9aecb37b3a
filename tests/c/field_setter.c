/* A supervisor that writes one field at a given step: argv = DEF, field, step, type (f|i|s|v3), value(s).
 * Then keeps stepping; 8 steps in all. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc >= 6, "usage: field_setter DEF FIELD STEP TYPE VALUE...");
  wb_robot_init();
  WbNodeRef node = wb_supervisor_node_get_from_def(argv[1]);
  CHECK(node != NULL, "no node %s", argv[1]);
  WbFieldRef f = wb_supervisor_node_get_field(node, argv[2]);
  CHECK(f != NULL, "no field %s", argv[2]);
  int at = atoi(argv[3]);
  for (int step = 1; step <= 8; step++) {
    if (step == at) {
      const char *type = argv[4];
      if (strcmp(type, "f") == 0)
        wb_supervisor_field_set_sf_float(f, atof(argv[5]));
      else if (strcmp(type, "i") == 0)
        wb_supervisor_field_set_sf_int32(f, atoi(argv[5]));
      else if (strcmp(type, "s") == 0)
        wb_supervisor_field_set_sf_string(f, argv[5]);
      else if (strcmp(type, "v3") == 0) {
        CHECK(argc >= 8, "v3 needs three values");
        double v[3] = {atof(argv[5]), atof(argv[6]), atof(argv[7])};
        if (wb_supervisor_field_get_type(f) == WB_MF_VEC3F) {
          while (wb_supervisor_field_get_count(f) > 0)
            wb_supervisor_field_remove_mf(f, 0);
          wb_supervisor_field_insert_mf_vec3f(f, 0, v);
        } else
          wb_supervisor_field_set_sf_vec3f(f, v);
      }
      printf("set %s.%s at t=%.0f\n", argv[1], argv[2], wb_robot_get_time() * 1000);
    }
    wb_robot_step(32);
  }
  wb_robot_cleanup();
  return 0;
}
