/* Determinism of packet order under random controller load.
 *   er_determinism send <letter>   sends "<letter>\0" (2 bytes) before every step
 *   er_determinism listen <order>  expects, at every step from t=32 on, exactly one packet per sender,
 *                                  in <order> (e.g. "AB"), and prints what it got
 * Every role burns a random amount of CPU (up to about 1 ms, seeded from the pid and the clock) before
 * each step, so the controllers reach the simulator in a different order at every step and run. */
#define _DEFAULT_SOURCE /* clock_gettime, getpid under -std=c99 */
#include <time.h>
#include <unistd.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>
#include "check.h"

static void burn(void) {
  const long budget_ns = (long)(rand() % 1000) * 1000L;
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do
    clock_gettime(CLOCK_MONOTONIC, &now);
  while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < budget_ns);
}

int main(int argc, char **argv) {
  CHECK(argc == 3, "usage: send <letter> | listen <order>");
  struct timespec seed;
  clock_gettime(CLOCK_MONOTONIC, &seed);
  srand((unsigned)getpid() ^ (unsigned)seed.tv_nsec);
  setvbuf(stdout, NULL, _IOLBF, 0);
  wb_robot_init();

  if (strcmp(argv[1], "send") == 0) {
    const WbDeviceTag emitter = wb_robot_get_device("emitter");
    const char packet[2] = {argv[2][0], '\0'};
    for (;;) {
      burn();
      CHECK_INT(wb_emitter_send(emitter, packet, 2), 1);
      if (wb_robot_step(32) == -1)
        break;
    }
    printf("PASS send %s\n", argv[2]);
  } else {
    const WbDeviceTag receiver = wb_robot_get_device("receiver");
    const char *order = argv[2];
    wb_receiver_enable(receiver, 32);
    int steps = 0;
    for (;;) {
      burn();
      if (wb_robot_step(32) == -1)
        break;
      const int t = (int)(wb_robot_get_time() * 1000.0 + 0.5);
      char got[64];
      int n = 0;
      while (wb_receiver_get_queue_length(receiver) > 0) {
        CHECK(n < (int)sizeof(got) - 1, "too many packets at t=%d", t);
        CHECK_INT(wb_receiver_get_data_size(receiver), 2);
        const char *data = wb_receiver_get_data(receiver);
        CHECK(data[1] == '\0', "packet without its NUL at t=%d", t);
        got[n++] = data[0];
        wb_receiver_next_packet(receiver);
      }
      got[n] = '\0';
      printf("t=%d %s\n", t, got);
      CHECK_STR(got, order);
      steps++;
    }
    CHECK(steps >= 100, "only %d steps", steps);
    printf("PASS listen %d\n", steps);
  }
  wb_robot_cleanup();
  return 0;
}
