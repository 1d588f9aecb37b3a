/* Benchmark controller: broadcasts a 16-byte packet every step and drains its receiver. */
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag emitter = wb_robot_get_device("emitter");
  const WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, step);
  const char packet[16] = "0123456789abcde";
  long received = 0;
  while (wb_robot_step(step) != -1) {
    wb_emitter_send(emitter, packet, sizeof(packet));
    while (wb_receiver_get_queue_length(receiver) > 0) {
      received += wb_receiver_get_data_size(receiver);
      wb_receiver_next_packet(receiver);
    }
  }
  wb_robot_cleanup();
  return received > 0 ? 0 : 1;
}
