/* A supervisor that turns the robot DEF ROVER by 45 degrees (counter-clockwise, about +z) every half
 * second, then ends the simulation with status 0 once it has come full circle. */
#include <math.h>
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbNodeRef rover = wb_supervisor_node_get_from_def("ROVER");
  if (!rover) {
    fprintf(stderr, "no ROVER in this world\n");
    return 1;
  }
  WbFieldRef rotation = wb_supervisor_node_get_field(rover, "rotation");
  int turns = 0;
  while (wb_robot_step(step) != -1) {
    if ((int)round(wb_robot_get_time() * 1000) % 512 != 0)
      continue;
    if (++turns > 8) {
      printf("full circle: quitting\n");
      wb_supervisor_simulation_quit(0);
      continue;
    }
    const double angle[4] = {0, 0, 1, turns * M_PI / 4};
    wb_supervisor_field_set_sf_rotation(rotation, angle);
  }
  wb_robot_cleanup();
  return 0;
}
