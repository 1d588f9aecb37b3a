/* Webots' own extern scenario: launched for robot "launcher", it clears the variables that name its
 * run and robot, points WEBOTS_CONTROLLER_URL at robot "extern1" and starts itself again as
 * "./extern_pair 2", then steps twice and leaves without waiting for it. The copy, an extern
 * controller in Webots' test-suite style, checks its arguments and its robot, steps, makes its robot
 * asynchronous (so that its exit holds nothing), steps and reports success to the test-suite
 * supervisor on the "ts_emitter". */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webots/emitter.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "check.h"

static void announce(WbDeviceTag emitter, int running) {
  char msg[64];
  snprintf(msg, sizeof msg, "ts %d %d", running, (int)getpid());
  wb_emitter_send(emitter, msg, (int)strlen(msg));
}

int main(int argc, char **argv) {
  if (argc == 1) {
    wb_robot_init();
    putenv("WEBOTS_ROBOT_ID=");
    putenv("WEBOTS_INSTANCE_PATH=");
    putenv("WEBOTS_ROBOT_NAME=");
    putenv("WEBOTS_CONTROLLER_URL=extern1");
    fflush(NULL);
    if (fork() == 0) {
      execl("./extern_pair", "./extern_pair", "2", (char *)NULL);
      _exit(127);
    }
    wb_robot_step(32);
    wb_robot_step(32);
    wb_robot_cleanup();
    return 0;
  }
  wb_robot_init();
  const WbDeviceTag emitter = wb_robot_get_device("ts_emitter");
  announce(emitter, 1);
  CHECK_INT(argc, 2);
  CHECK_STR(argv[1], "2");
  CHECK_STR(wb_robot_get_name(), "extern1");
  CHECK_INT(wb_robot_step(32), 0);
  WbFieldRef sync = wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "synchronization");
  wb_supervisor_field_set_sf_bool(sync, false);
  CHECK_INT(wb_robot_step(32), 0);
  printf("extern1 passed at %.3f\n", wb_robot_get_time());
  announce(emitter, 0);
  wb_robot_cleanup();
  return 0;
}
