/* Prints, each step, what the controller side of an emitter and a receiver believes their fields are
 * ("t=<ms> emitter channel=<c> range=<r> buffer=<b> receiver channel=<c>"). argv[1] = steps. */
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

#include "check.h"

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 6;
  wb_robot_init();
  WbDeviceTag em = wb_robot_get_device("emitter");
  WbDeviceTag rx = wb_robot_get_device("receiver");
  CHECK(em != 0 && rx != 0, "devices missing");
  for (int i = 0; i <= steps; i++) {
    printf("t=%.0f emitter channel=%d range=%g buffer=%d receiver channel=%d\n", wb_robot_get_time() * 1000,
           wb_emitter_get_channel(em), wb_emitter_get_range(em), wb_emitter_get_buffer_size(em),
           wb_receiver_get_channel(rx));
    if (i < steps && wb_robot_step(32) == -1)
      break;
  }
  wb_robot_cleanup();
  return 0;
}
