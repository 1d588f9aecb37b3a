/* A supervisor that, before each step k (at k * 32 ms), moves DEF TARGET to (0.5 k, 0, 0), for 4 steps
 * (tests/emitter_receiver.rs: receivers see a moving emitter where it is when they get its packet). */
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  const WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("TARGET"), "translation");
  for (int k = 0; k < 4; ++k) {
    const double to[3] = {0.5 * k, 0, 0};
    wb_supervisor_field_set_sf_vec3f(translation, to);
    if (wb_robot_step(32) == -1)
      break;
  }
  wb_robot_cleanup();
  return 0;
}
