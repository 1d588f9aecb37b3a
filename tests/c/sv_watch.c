/* A second supervisor that prints what the world holds at t=0 and after one step, while sv_values
 * writes (tests/supervisor.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static void show(void) {
  WbNodeRef mf = wb_supervisor_node_get_from_def("MF");
  const double *can = wb_supervisor_node_get_position(wb_supervisor_node_get_from_def("CAN"));
  printf("watch t=%.3f sfFloat=%g sfString=%s mfFloat0=%g can=%g,%g,%g\n", wb_robot_get_time(),
         wb_supervisor_field_get_sf_float(wb_supervisor_node_get_field(mf, "sfFloat")),
         wb_supervisor_field_get_sf_string(wb_supervisor_node_get_field(mf, "sfString")),
         wb_supervisor_field_get_mf_float(wb_supervisor_node_get_field(mf, "mfFloat"), 0), can[0], can[1], can[2]);
}

int main(void) {
  wb_robot_init();
  show();
  if (wb_robot_step(32) != -1)
    show();
  wb_robot_cleanup();
  return 0;
}
