/* Webots' emitter_receiver_infra-red_aperture layout (tests/ir_aperture_layout.rs): four phases of three
 * 32 ms steps; in phase 1 robot1 sends on channel 1, in phase 2 robot0 on channel 2, in phase 3 robot1
 * on channel 2, in phase 4 robot0 on channel 1; receiver2 listens on channel 1, receiver3 on 2. The
 * receivers print their queue length at the end of
 * each phase, then empty it. */
#include <stdio.h>
#include <string.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

#define STEP 32

int main(void) {
  wb_robot_init();
  const char *name = wb_robot_get_name();
  const int id = name[strlen(name) - 1] - '0';
  char device[16];
  snprintf(device, sizeof device, "%s%d", id < 2 ? "emitter" : "receiver", id);
  const WbDeviceTag tag = wb_robot_get_device(device);
  if (id >= 2) {
    wb_receiver_set_channel(tag, id == 2 ? 1 : 2);
    wb_receiver_enable(tag, STEP);
  }
  /* the channel each emitter sends on in each phase (0: silent) */
  static const int sends[2][4] = {{0, 2, 0, 1}, {1, 0, 2, 0}};
  const char message[] = "ping";
  for (int phase = 0; phase < 4; ++phase) {
    wb_robot_step(STEP);
    if (id < 2 && sends[id][phase]) {
      wb_emitter_set_channel(tag, sends[id][phase]);
      wb_emitter_send(tag, message, sizeof message);
    }
    wb_robot_step(STEP);
    wb_robot_step(STEP);
    if (id >= 2) {
      printf("phase %d: %d\n", phase + 1, wb_receiver_get_queue_length(tag));
      while (wb_receiver_get_queue_length(tag) > 0)
        wb_receiver_next_packet(tag);
    }
  }
  wb_robot_cleanup();
  return 0;
}
