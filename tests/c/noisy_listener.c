/* Prints every received packet's signal strength and direction in full precision. */
#include <stdio.h>
#include <webots/receiver.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, 32);
  while (wb_robot_step(32) != -1) {
    while (wb_receiver_get_queue_length(receiver) > 0) {
      const double *d = wb_receiver_get_emitter_direction(receiver);
      printf("%.17g %.17g %.17g %.17g\n", wb_receiver_get_signal_strength(receiver), d[0], d[1], d[2]);
      wb_receiver_next_packet(receiver);
    }
  }
  wb_robot_cleanup();
  return 0;
}
