/* The cargo: it cannot move by itself, it only reports what its connector feels. */
#include <stdio.h>
#include <webots/connector.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag socket = wb_robot_get_device("socket");
  wb_connector_enable_presence(socket, step);
  int before = 0;
  while (wb_robot_step(step) != -1) {
    const int presence = wb_connector_get_presence(socket);
    if (presence != before)
      printf("t=%.3f s: %s\n", wb_robot_get_time(), presence == 1 ? "a tug is at my socket" : "the tug is gone");
    before = presence;
  }
  wb_robot_cleanup();
  return 0;
}
