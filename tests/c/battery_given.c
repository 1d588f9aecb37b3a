/* A battery given, taken and given again by a supervisor while the run goes on (Webots' battery field
 * is a plain MFFloat a supervisor may edit). argv[1] = "supervisor": the robot DEF TAKER starts with an
 * empty battery field; after step 3 it gets [100], after step 10 nothing, after step 14 [50].
 * Otherwise: the taker prints its battery sensor's value after each of 20 steps ("battery STEP VALUE"). */
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  if (argc > 1 && strcmp(argv[1], "supervisor") == 0) {
    WbNodeRef taker = wb_supervisor_node_get_from_def("TAKER");
    CHECK(taker != NULL, "no TAKER");
    WbFieldRef battery = wb_supervisor_node_get_field(taker, "battery");
    CHECK(battery != NULL, "no battery field");
    for (int i = 1; i <= 20; i++) {
      wb_robot_step(step);
      if (i == 3)
        wb_supervisor_field_insert_mf_float(battery, 0, 100.0);
      if (i == 10)
        wb_supervisor_field_remove_mf(battery, 0);
      if (i == 14)
        wb_supervisor_field_insert_mf_float(battery, 0, 50.0);
    }
    wb_robot_cleanup();
    return 0;
  }
  wb_robot_battery_sensor_enable(step);
  for (int i = 1; i <= 20; i++) {
    wb_robot_step(step);
    printf("battery %d %.17g\n", i, wb_robot_battery_sensor_get_value());
  }
  wb_robot_cleanup();
  return 0;
}
