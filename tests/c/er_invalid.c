/* Misuses every Emitter/Receiver function and checks the return values; tests/emitter_receiver.rs
 * compares the stderr lines, in order, with Webots' messages.
 *
 * World: this robot has Emitter "emitter" (tag 1: channel 2, allowedChannels [2 3], range 0.8), Receiver
 * "receiver" (tag 2: channel 7, allowedChannels [7 8]) and Compass "compass" (tag 3). Another robot, 2 m
 * away, sends "abc" on channel 7 at t=0. */
#include <webots/device.h>
#include <webots/emitter.h>
#include <webots/nodes.h>
#include <webots/receiver.h>
#include <webots/robot.h>
#include "check.h"

static void emitter_with_bad_tag(WbDeviceTag tag) {
  CHECK_INT(wb_emitter_send(tag, "x", 1), 0);
  CHECK_INT(wb_emitter_get_buffer_size(tag), -1);
  wb_emitter_set_channel(tag, 3);
  CHECK_INT(wb_emitter_get_channel(tag), -1);
  wb_emitter_set_range(tag, 1.0);
  CHECK(isnan(wb_emitter_get_range(tag)), "get_range(%d) is not NAN", tag);
}

static void receiver_with_bad_tag(WbDeviceTag tag) {
  wb_receiver_enable(tag, 32);
  wb_receiver_disable(tag);
  CHECK_INT(wb_receiver_get_sampling_period(tag), 0);
  wb_receiver_set_channel(tag, 3);
  CHECK_INT(wb_receiver_get_channel(tag), -1);
  CHECK_INT(wb_receiver_get_queue_length(tag), -1);
  wb_receiver_next_packet(tag);
  CHECK_INT(wb_receiver_get_data_size(tag), -1);
  CHECK(wb_receiver_get_data(tag) == NULL, "get_data(%d) is not NULL", tag);
  CHECK(isnan(wb_receiver_get_signal_strength(tag)), "get_signal_strength(%d) is not NAN", tag);
  CHECK(wb_receiver_get_emitter_direction(tag) == NULL, "get_emitter_direction(%d) is not NULL", tag);
}

static void marker(const char *what) {
  /* on stderr, so the Rust side sees where each group of messages starts */
  fprintf(stderr, "-- %s\n", what);
  fflush(stderr);
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag em = 1, rx = 2, compass = 3, ghost = 99;
  CHECK_INT(wb_device_get_node_type(em), WB_NODE_EMITTER);
  CHECK_INT(wb_device_get_node_type(rx), WB_NODE_RECEIVER);
  CHECK_INT(wb_device_get_node_type(compass), WB_NODE_COMPASS);
  CHECK_INT(wb_robot_get_number_of_devices(), 3);

  marker("emitter bad tags");
  emitter_with_bad_tag(0);
  emitter_with_bad_tag(rx);
  emitter_with_bad_tag(compass);
  emitter_with_bad_tag(ghost);

  marker("receiver bad tags");
  receiver_with_bad_tag(0);
  receiver_with_bad_tag(em);
  receiver_with_bad_tag(compass);
  receiver_with_bad_tag(ghost);

  marker("send arguments");
  CHECK_INT(wb_emitter_send(em, NULL, 4), 0);
  CHECK_INT(wb_emitter_send(em, "x", 0), 0);
  CHECK_INT(wb_emitter_send(em, "x", -3), 0);
  CHECK_INT(wb_emitter_send(0, NULL, 0), 0);     /* the data is checked before the tag */
  CHECK_INT(wb_emitter_send(ghost, "x", 0), 0);  /* so is the size */

  marker("emitter channel and range");
  CHECK_INT(wb_emitter_get_channel(em), 2);
  wb_emitter_set_channel(em, -5);
  CHECK_INT(wb_emitter_get_channel(em), 2);
  wb_emitter_set_channel(em, 5);
  CHECK_INT(wb_emitter_get_channel(em), 2);
  wb_emitter_set_channel(em, -1); /* broadcast must be listed too */
  CHECK_INT(wb_emitter_get_channel(em), 2);
  wb_emitter_set_channel(em, 3);
  CHECK_INT(wb_emitter_get_channel(em), 3);
  wb_emitter_set_channel(em, 2);
  CHECK_INT(wb_emitter_get_channel(em), 2);
  CHECK_DOUBLE(wb_emitter_get_range(em), 0.8);
  wb_emitter_set_range(em, -0.33);
  CHECK_DOUBLE(wb_emitter_get_range(em), 0.8);
  wb_emitter_set_range(em, -2.0);
  CHECK_DOUBLE(wb_emitter_get_range(em), 0.8);
  wb_emitter_set_range(em, -1.0); /* maxRange -1: infinite */
  CHECK_DOUBLE(wb_emitter_get_range(em), -1.0);
  CHECK_INT(wb_emitter_get_buffer_size(em), -1);

  marker("disabled receiver");
  CHECK_INT(wb_receiver_get_sampling_period(rx), 0);
  CHECK_INT(wb_receiver_get_queue_length(rx), 0); /* error printed, count returned */
  CHECK_INT(wb_receiver_get_channel(rx), 7);
  wb_receiver_set_channel(rx, 8); /* allowed on a disabled receiver */
  CHECK_INT(wb_receiver_get_channel(rx), 8);
  wb_receiver_set_channel(rx, -5);
  CHECK_INT(wb_receiver_get_channel(rx), 8);
  wb_receiver_set_channel(rx, 5);
  CHECK_INT(wb_receiver_get_channel(rx), 8);
  wb_receiver_set_channel(rx, 7);
  CHECK_INT(wb_receiver_get_channel(rx), 7);

  marker("enable");
  wb_receiver_enable(rx, 37); /* any positive period is accepted */
  CHECK_INT(wb_receiver_get_sampling_period(rx), 37);
  wb_receiver_enable(rx, -7);
  CHECK_INT(wb_receiver_get_sampling_period(rx), 37);

  marker("empty queue");
  CHECK_INT(wb_receiver_get_queue_length(rx), 0);
  CHECK(wb_receiver_get_data(rx) == NULL, "data on an empty queue");
  CHECK_INT(wb_receiver_get_data_size(rx), -1);
  CHECK(isnan(wb_receiver_get_signal_strength(rx)), "signal on an empty queue");
  CHECK(wb_receiver_get_emitter_direction(rx) == NULL, "direction on an empty queue");
  wb_receiver_next_packet(rx); /* silent */

  /* 37 ms rounds up to two basic steps: the packet sent at t=0 is sampled at t=64 */
  CHECK(wb_robot_step(32) != -1, "step");
  marker("t=32");
  CHECK_INT(wb_receiver_get_queue_length(rx), 0);
  CHECK(wb_robot_step(32) != -1, "step");
  marker("t=64");
  CHECK_INT(wb_receiver_get_queue_length(rx), 1);
  CHECK_INT(wb_receiver_get_data_size(rx), 3);
  CHECK(memcmp(wb_receiver_get_data(rx), "abc", 3) == 0, "payload");
  CHECK_DOUBLE(wb_receiver_get_signal_strength(rx), 0.25);
  CHECK_INT(wb_receiver_get_channel(rx), 7);

  marker("disabled with a packet");
  wb_receiver_disable(rx);
  CHECK_INT(wb_receiver_get_sampling_period(rx), 0);
  CHECK_INT(wb_receiver_get_queue_length(rx), 1); /* error printed, count returned */
  CHECK_INT(wb_receiver_get_data_size(rx), 3);    /* no check for a disabled receiver */
  CHECK(memcmp(wb_receiver_get_data(rx), "abc", 3) == 0, "payload while disabled");
  CHECK_DOUBLE(wb_receiver_get_signal_strength(rx), 0.25);
  const double *dir = wb_receiver_get_emitter_direction(rx);
  CHECK(dir != NULL, "direction while disabled");
  CHECK_DOUBLE(dir[0], -1.0);
  CHECK_DOUBLE(dir[1], 0.0);
  CHECK_DOUBLE(dir[2], 0.0);
  wb_receiver_next_packet(rx);
  CHECK_INT(wb_receiver_get_queue_length(rx), 0);
  wb_receiver_next_packet(rx); /* silent */
  CHECK(wb_receiver_get_data(rx) == NULL, "data on an empty queue");

  marker("done");
  printf("PASS misuser\n");
  wb_robot_cleanup();
  return 0;
}
