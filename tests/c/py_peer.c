/* The C side of the C <-> Python radio test: sends a binary packet (NUL and 0xff bytes inside) and a
 * C string (with its NUL), then prints every packet the Python robot sends back, byte by byte. */
#include <stdio.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  WbDeviceTag emitter = wb_robot_get_device("emitter");
  WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, step);
  const unsigned char binary[] = {0x00, 'h', 'i', 0x00, 0xff};
  wb_emitter_send(emitter, binary, sizeof binary);
  wb_emitter_send(emitter, "hello C", 8);
  while (wb_robot_step(step) != -1) {
    while (wb_receiver_get_queue_length(receiver) > 0) {
      const int size = wb_receiver_get_data_size(receiver);
      const unsigned char *data = wb_receiver_get_data(receiver);
      printf("t=%.3f got %d bytes:", wb_robot_get_time(), size);
      for (int i = 0; i < size; i++)
        printf(" %02x", data[i]);
      printf("\n");
      wb_receiver_next_packet(receiver);
    }
  }
  wb_robot_cleanup();
  return 0;
}
