/* Sends a packet every step on its emitter and counts what its receiver hears; prints the count when
 * the run ends. Used with robots placed at absurd distances (1e19 m, infinity). */
#include <stdio.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag emitter = wb_robot_get_device("emitter");
  const WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, 32);
  int heard = 0;
  while (wb_robot_step(32) != -1) {
    wb_emitter_send(emitter, "far", 3);
    while (wb_receiver_get_queue_length(receiver) > 0) {
      heard++;
      wb_receiver_next_packet(receiver);
    }
  }
  printf("%s heard %d packet(s)\n", wb_robot_get_name(), heard);
  wb_robot_cleanup();
  return 0;
}
