/* Counts the infra-red packets it receives and reports the count and the beacon's direction. */
#include <stdio.h>
#include <webots/receiver.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, step);
  int count = 0;
  double direction[3] = {0, 0, 0};
  while (wb_robot_step(step) != -1) {
    while (wb_receiver_get_queue_length(receiver) > 0) {
      const double *d = wb_receiver_get_emitter_direction(receiver);
      for (int i = 0; i < 3; i++)
        direction[i] = d[i];
      count++;
      wb_receiver_next_packet(receiver);
    }
  }
  if (count > 0)
    printf("heard the beacon %d times, last from direction (%.2f, %.2f, %.2f)\n", count, direction[0], direction[1],
           direction[2]);
  else
    printf("never heard the beacon\n");
  wb_robot_cleanup();
  return 0;
}
