/* A relay line: robot 0 starts a message every second; robot i forwards what robot i-1 sent; the
 * last robot reports each message with the time it took. Arguments: my index, last index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

typedef struct {
  int id;       /* message number */
  int hop;      /* index of the robot that sent it */
  double sent;  /* when robot 0 started it */
} Message;

int main(int argc, char **argv) {
  wb_robot_init();
  const int me = argc > 1 ? atoi(argv[1]) : 0;
  const int last = argc > 2 ? atoi(argv[2]) : 0;
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag emitter = wb_robot_get_device("emitter");
  const WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, step);
  int next_id = 0;
  while (wb_robot_step(step) != -1) {
    const double now = wb_robot_get_time();
    if (me == 0 && now >= next_id * 1.0 + 0.1) {
      const Message m = {next_id++, 0, now};
      wb_emitter_send(emitter, &m, sizeof(m));
    }
    while (wb_receiver_get_queue_length(receiver) > 0) {
      Message m;
      memcpy(&m, wb_receiver_get_data(receiver), sizeof(m));
      const double strength = wb_receiver_get_signal_strength(receiver);
      wb_receiver_next_packet(receiver);
      if (m.hop != me - 1)
        continue; /* only what comes from the robot before me */
      if (me == last)
        printf("message %d crossed %d hops in %.3f s (last hop signal %.2f)\n", m.id, last, now - m.sent, strength);
      else {
        m.hop = me;
        wb_emitter_send(emitter, &m, sizeof(m));
      }
    }
  }
  wb_robot_cleanup();
  return 0;
}
