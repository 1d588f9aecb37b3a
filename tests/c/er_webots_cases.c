/* The nine-case schedule of Webots' emitter_receiver tests (tests/er_webots_layout.rs), the same for the
 * infra-red, radio and serial worlds (the medium is the devices' type in the world), run by each of four
 * robots: robot0 has emitter0 and receiver0, robot1 emitter1, robot2 receiver2, robot3 receiver3. Each case
 * starts with one common step, the senders send, and the receivers look 2 or 3 steps later; every
 * observation is printed ("c<case> <what> ...") for the Rust side to compare. Messages: a 7-byte string, a
 * 29-byte one and a 116-byte one (with their terminating NUL), two ints and four doubles. */
#include <stdio.h>
#include <string.h>
#include <webots/emitter.h>
#include <webots/receiver.h>
#include <webots/robot.h>

#define STEP 32

static char shorter[7], middle[29], longer[116];

/* size - 1 letters from base, starting offset letters in and wrapping after z (Z) */
static void fill(char *text, size_t size, char base, size_t offset) {
  for (size_t i = 0; i + 1 < size; ++i)
    text[i] = (char)(base + (offset + i) % 26);
  text[size - 1] = '\0';
}

static void steps(int n) {
  for (int i = 0; i < n; ++i)
    wb_robot_step(STEP);
}

static void send_text(WbDeviceTag tag, const char *text) {
  wb_emitter_send(tag, text, (int)strlen(text) + 1);
}

static int queue(int c, WbDeviceTag tag) {
  const int length = wb_receiver_get_queue_length(tag);
  printf("c%d queue %d\n", c, length);
  return length;
}

/* The head packet, printed as text ('s'), ints ('i') or doubles ('d'), then dropped. */
static void packet(int c, WbDeviceTag tag, char kind) {
  const int size = wb_receiver_get_data_size(tag);
  const void *data = wb_receiver_get_data(tag);
  if (kind == 's')
    printf("c%d packet %d %s\n", c, size, (const char *)data);
  else if (kind == 'i')
    printf("c%d packet %d %d %d\n", c, size, ((const int *)data)[0], ((const int *)data)[1]);
  else {
    const double *d = data;
    printf("c%d packet %d %g %g %g %g\n", c, size, d[0], d[1], d[2], d[3]);
  }
  wb_receiver_next_packet(tag);
}

/* The head packet's text, direction and signal strength, then dropped. */
static void located_packet(int c, WbDeviceTag tag) {
  const double *d = wb_receiver_get_emitter_direction(tag);
  printf("c%d from %s direction %.9f %.9f %.9f signal %.9f\n", c, (const char *)wb_receiver_get_data(tag), d[0], d[1], d[2],
         wb_receiver_get_signal_strength(tag));
  wb_receiver_next_packet(tag);
}

int main(void) {
  wb_robot_init();
  fill(shorter, sizeof shorter, 'a', 0);
  fill(middle, sizeof middle, 'A', 0);
  fill(longer, sizeof longer, 'a', 10);
  const int ints[2] = {2, 33};
  const double doubles[4] = {9.67, 8.75, 0.0, 1.61};
  const char *name = wb_robot_get_name();
  const int id = name[strlen(name) - 1] - '0';
  WbDeviceTag own = 0, rx0 = 0;
  if (id == 0) {
    own = wb_robot_get_device("emitter0");
    rx0 = wb_robot_get_device("receiver0");
    wb_emitter_set_channel(own, 1);
  } else if (id == 1) {
    own = wb_robot_get_device("emitter1");
    wb_emitter_set_channel(own, 7);
  } else {
    own = wb_robot_get_device(id == 2 ? "receiver2" : "receiver3");
    wb_receiver_set_channel(own, id == 2 ? 1 : 24);
  }

  /* case 1: the receivers are disabled while both emitters send */
  steps(1);
  if (id < 2) {
    send_text(own, shorter);
    steps(2);
  } else {
    steps(2);
    queue(1, own);
    wb_receiver_enable(own, STEP);
    queue(1, own);
  }

  /* case 2: emitter0 on 1, emitter1 on 7; receiver2 on 1, receiver3 on 24 */
  steps(1);
  if (id < 2) {
    send_text(own, id == 0 ? shorter : middle);
    steps(2);
  } else {
    steps(2);
    queue(2, own);
    if (id == 2)
      packet(2, own, 's');
    else
      wb_receiver_set_channel(own, 7);
  }

  /* case 3: two packets from emitter0, the long one from emitter1 (receiver3 now on 7) */
  steps(1);
  if (id == 0) {
    send_text(own, shorter);
    wb_emitter_send(own, ints, sizeof ints);
    steps(2);
  } else if (id == 1) {
    send_text(own, longer);
    steps(2);
  } else {
    steps(2);
    queue(3, own);
    packet(3, own, 's');
    if (id == 2)
      packet(3, own, 'i');
    else
      wb_receiver_set_channel(own, 1);
  }

  /* case 4: channels read and changed right after sending */
  steps(1);
  if (id == 0) {
    send_text(own, shorter);
    wb_emitter_send(own, doubles, sizeof doubles);
    printf("c4 channel %d\n", wb_emitter_get_channel(own));
    wb_emitter_set_channel(own, 24);
    printf("c4 channel %d\n", wb_emitter_get_channel(own));
    steps(2);
  } else if (id == 1) {
    send_text(own, middle);
    wb_emitter_set_channel(own, 24);
    steps(2);
  } else {
    steps(2);
    /* both receivers are on channel 1: emitter0's text then its doubles, unless blocked on the way */
    const int n = queue(4, own);
    if (n > 0)
      packet(4, own, 's');
    if (n > 1)
      packet(4, own, 'd');
    printf("c4 channel %d\n", wb_receiver_get_channel(own));
    if (id == 3) {
      wb_receiver_set_channel(own, 24);
      printf("c4 channel %d\n", wb_receiver_get_channel(own));
    }
  }

  /* case 5: both emitters on 24, emitter1 one step later with two packets */
  steps(1);
  if (id == 0) {
    send_text(own, shorter);
    steps(3);
  } else if (id == 1) {
    steps(1);
    send_text(own, middle);
    send_text(own, longer);
    steps(2);
  } else {
    steps(3);
    for (int n = queue(5, own); n > 0; --n)
      packet(5, own, 's');
  }

  /* case 6: emitter0 broadcasts; direction and signal strength */
  steps(1);
  if (id == 0) {
    wb_emitter_set_channel(own, -1);
    send_text(own, shorter);
    steps(3);
  } else if (id == 1) {
    steps(1);
    send_text(own, middle);
    steps(2);
  } else {
    steps(3);
    for (int n = queue(6, own); n > 0; --n)
      located_packet(6, own);
    if (id == 2)
      wb_receiver_set_channel(own, -1);
    else
      wb_receiver_disable(own);
  }

  /* case 7: robot0 listens to everything while it sends; receiver3 is disabled */
  steps(1);
  if (id == 0) {
    wb_receiver_enable(rx0, STEP);
    send_text(own, shorter);
    steps(3);
    for (int n = queue(7, rx0); n > 0; --n)
      packet(7, rx0, 's');
    printf("c7 sampling %d\n", wb_receiver_get_sampling_period(rx0));
    wb_receiver_disable(rx0);
  } else if (id == 1) {
    steps(1);
    send_text(own, middle);
    steps(2);
  } else {
    steps(3);
    for (int n = queue(7, own); n > 0; --n)
      packet(7, own, 's');
    printf("c7 sampling %d\n", wb_receiver_get_sampling_period(own));
  }

  /* case 8: buffer sizes; emitter1 sends to receiver2 and to the disabled receiver3 */
  steps(1);
  if (id < 2) {
    printf("c8 buffer %d\n", wb_emitter_get_buffer_size(own));
    if (id == 1)
      send_text(own, middle);
    steps(2);
    if (id == 0)
      wb_receiver_enable(rx0, STEP);
  } else {
    steps(2);
    for (int n = queue(8, own); n > 0; --n)
      packet(8, own, 's');
    if (id == 3)
      wb_receiver_enable(own, STEP);
  }

  /* case 9: ranges; emitter1 sends with 0.7 m */
  steps(1);
  if (id < 2) {
    printf("c9 range %g\n", wb_emitter_get_range(own));
    if (id == 1) {
      wb_emitter_set_range(own, 2.5);
      printf("c9 range %g\n", wb_emitter_get_range(own));
      wb_emitter_set_range(own, 0.7);
      printf("c9 range %g\n", wb_emitter_get_range(own));
      send_text(own, middle);
    }
    steps(2);
    if (id == 0) {
      for (int n = queue(9, rx0); n > 0; --n)
        packet(9, rx0, 's');
    }
  } else {
    steps(2);
    for (int n = queue(9, own); n > 0; --n)
      packet(9, own, 's');
  }

  wb_robot_step(id * STEP);
  printf("done\n");
  wb_robot_cleanup();
  return 0;
}
