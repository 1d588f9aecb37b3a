/* Large messages through the runner. argv[1]:
 *   "send N"     sends one packet of N bytes (a known pattern) at the first step, then steps on;
 *   "receive N"  waits for a packet, checks its size and content, prints what it got;
 *   "custom"     prints the length of the robot's customData;
 *   "oversize N" tries to send N bytes (more than any run carries): must be refused at the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

static unsigned char pattern(size_t i) {
  return (unsigned char)((i * 31 + 7) & 0xff);
}

int main(int argc, char **argv) {
  wb_robot_init();
  const char *mode = argc > 1 ? argv[1] : "";
  const size_t n = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
  if (strcmp(mode, "send") == 0) {
    unsigned char *data = malloc(n);
    for (size_t i = 0; i < n; i++)
      data[i] = pattern(i);
    const int queued = wb_emitter_send(wb_robot_get_device("emitter"), data, (int)n);
    free(data);
    const int first = wb_robot_step(32);
    printf("sent %zu bytes: send returned %d, step returned %d\n", n, queued, first);
    while (wb_robot_step(32) != -1) {
    }
  } else if (strcmp(mode, "receive") == 0) {
    const WbDeviceTag receiver = wb_robot_get_device("receiver");
    wb_receiver_enable(receiver, 32);
    int got = 0;
    while (wb_robot_step(32) != -1) {
      if (!got && wb_receiver_get_queue_length(receiver) > 0) {
        const size_t size = (size_t)wb_receiver_get_data_size(receiver);
        const unsigned char *data = wb_receiver_get_data(receiver);
        size_t bad = 0;
        for (size_t i = 0; i < size; i++)
          bad += data[i] != pattern(i);
        printf("received %zu bytes (expected %zu), %zu wrong\n", size, n, bad);
        got = 1;
      }
    }
    if (!got)
      printf("received nothing\n");
  } else if (strcmp(mode, "custom") == 0) {
    printf("customData holds %zu bytes\n", strlen(wb_robot_get_custom_data()));
    while (wb_robot_step(32) != -1) {
    }
  } else if (strcmp(mode, "oversize") == 0) {
    /* never written: refused before anything is read */
    unsigned char *data = malloc(n);
    const int queued = wb_emitter_send(wb_robot_get_device("emitter"), data, (int)n);
    free(data);
    const int first = wb_robot_step(32);
    printf("oversize send returned %d, step returned %d\n", queued, first);
    while (wb_robot_step(32) != -1) {
    }
  }
  wb_robot_cleanup();
  return 0;
}
