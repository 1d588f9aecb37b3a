/* Webots' hinge_2_joint_damping supervisor, rebuilt: sets both wheels' second-axis dampingConstant to 0,
 * then 20 after 10 steps of 64 ms, then 50 after 10 more. */
#include <webots/robot.h>
#include <webots/supervisor.h>

#define TIME_STEP 64

int main(void) {
  const double damping[3] = {0, 20, 50};
  wb_robot_init();
  WbFieldRef fields[2] = {
    wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("WHEEL1PARAMETERS"), "dampingConstant"),
    wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("WHEEL2PARAMETERS"), "dampingConstant")};
  for (int phase = 0; phase < 3; ++phase) {
    for (int i = 0; i < 2; ++i)
      wb_supervisor_field_set_sf_float(fields[i], damping[phase]);
    if (phase < 2)
      for (int k = 0; k < 10; ++k)
        wb_robot_step(TIME_STEP);
  }
  wb_robot_cleanup();
  return 0;
}
