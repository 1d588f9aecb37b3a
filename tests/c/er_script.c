/* A scriptable Emitter/Receiver controller for tests/emitter_receiver.rs. Every argument is either a
 * flag or a timed operation "<t_ms>:<op>[:<arg>]", run right after the wb_robot_step that returned at
 * t_ms (t 0 = right after wb_robot_init, before the first step). Everything observable goes to stdout,
 * one line per event, so the Rust test can compare whole logs.
 *
 * Flags:
 *   rx=<period>  enable the current receiver before the first step
 *   auto         after each step, log and consume every queued packet (only while enabled, so a disabled
 *                receiver prints no error)
 *   geo          received packets are logged with their direction and signal strength
 *   step=<ms>    the duration passed to wb_robot_step (default 32)
 *
 * Operations (the emitter is the device named "emitter", the receiver "receiver" until use/usr):
 *   use:<name> usr:<name>   select another emitter / receiver by name
 *   send:<text>             send the text's bytes (no NUL)      -> "send <payload> -> <result>"
 *   sendz:<text>            send the text with its NUL
 *   sendn:<n>               send n bytes 'a','b',...,'z','a',...
 *   ints:<a>,<b>            send two int32 (native byte order)
 *   ch:<n> / range:<r>      emitter set_channel / set_range, then log the getter
 *   rxch:<n>                receiver set_channel, then log the getter
 *   enable:<p> / disable    receiver enable / disable, then log get_sampling_period
 *   len                     log the queue length
 *   read                    log and consume every queued packet
 *   info                    log the current emitter's and receiver's settings
 */
#include <stdint.h>
#include <webots/device.h>
#include <webots/emitter.h>
#include <webots/nodes.h>
#include <webots/receiver.h>
#include <webots/robot.h>
#include "check.h"

#define MAX_ITEMS 128

static WbDeviceTag emitter, receiver;
static int geo = 0;

static WbDeviceTag find(const char *name, WbNodeType type) {
  const int n = wb_robot_get_number_of_devices();
  for (int i = 0; i < n; i++) {
    const WbDeviceTag tag = wb_robot_get_device_by_index(i);
    if (wb_device_get_node_type(tag) == type && strcmp(wb_device_get_name(tag), name) == 0)
      return tag;
  }
  return 0;
}

/* "..." with printable ASCII as is and every other byte (and " and \) as \xNN */
static void print_bytes(const unsigned char *bytes, int size) {
  putchar('"');
  for (int i = 0; i < size; i++) {
    if (bytes[i] >= 0x20 && bytes[i] < 0x7f && bytes[i] != '"' && bytes[i] != '\\')
      putchar(bytes[i]);
    else
      printf("\\x%02x", bytes[i]);
  }
  putchar('"');
}

static void log_packet(int t) {
  const int size = wb_receiver_get_data_size(receiver);
  const unsigned char *data = wb_receiver_get_data(receiver);
  CHECK(data != NULL && size > 0, "queued packet without data (size %d)", size);
  printf("t=%d got ", t);
  print_bytes(data, size);
  if (geo) {
    const double *dir = wb_receiver_get_emitter_direction(receiver);
    CHECK(dir != NULL, "no direction");
    printf(" dir=%.17g,%.17g,%.17g sig=%.17g", dir[0], dir[1], dir[2], wb_receiver_get_signal_strength(receiver));
  }
  putchar('\n');
  wb_receiver_next_packet(receiver);
}

static void read_all(int t) {
  const int n = wb_receiver_get_queue_length(receiver);
  for (int i = 0; i < n; i++)
    log_packet(t);
  CHECK_INT(wb_receiver_get_queue_length(receiver), 0);
}

static void do_send(int t, const void *data, int size) {
  const int result = wb_emitter_send(emitter, data, size);
  printf("t=%d send ", t);
  print_bytes(data, size);
  printf(" -> %d\n", result);
}

static void run(int t, const char *op, const char *arg) {
  if (strcmp(op, "use") == 0) {
    emitter = find(arg, WB_NODE_EMITTER);
    CHECK(emitter != 0, "no emitter named %s", arg);
  } else if (strcmp(op, "usr") == 0) {
    receiver = find(arg, WB_NODE_RECEIVER);
    CHECK(receiver != 0, "no receiver named %s", arg);
  } else if (strcmp(op, "send") == 0)
    do_send(t, arg, (int)strlen(arg));
  else if (strcmp(op, "sendz") == 0)
    do_send(t, arg, (int)strlen(arg) + 1);
  else if (strcmp(op, "sendn") == 0) {
    unsigned char buf[4096];
    const int n = atoi(arg);
    CHECK(n > 0 && n <= (int)sizeof(buf), "bad sendn %d", n);
    for (int i = 0; i < n; i++)
      buf[i] = (unsigned char)('a' + i % 26);
    do_send(t, buf, n);
  } else if (strcmp(op, "ints") == 0) {
    int32_t pair[2];
    CHECK(sscanf(arg, "%d,%d", &pair[0], &pair[1]) == 2, "bad ints %s", arg);
    do_send(t, pair, (int)sizeof(pair));
  } else if (strcmp(op, "ch") == 0) {
    wb_emitter_set_channel(emitter, atoi(arg));
    printf("t=%d channel %d -> %d\n", t, atoi(arg), wb_emitter_get_channel(emitter));
  } else if (strcmp(op, "range") == 0) {
    wb_emitter_set_range(emitter, atof(arg));
    printf("t=%d range %g -> %g\n", t, atof(arg), wb_emitter_get_range(emitter));
  } else if (strcmp(op, "rxch") == 0) {
    wb_receiver_set_channel(receiver, atoi(arg));
    printf("t=%d rxchannel %d -> %d\n", t, atoi(arg), wb_receiver_get_channel(receiver));
  } else if (strcmp(op, "enable") == 0) {
    wb_receiver_enable(receiver, atoi(arg));
    printf("t=%d enable %d -> %d\n", t, atoi(arg), wb_receiver_get_sampling_period(receiver));
  } else if (strcmp(op, "disable") == 0) {
    wb_receiver_disable(receiver);
    printf("t=%d disable -> %d\n", t, wb_receiver_get_sampling_period(receiver));
  } else if (strcmp(op, "len") == 0)
    printf("t=%d len %d\n", t, wb_receiver_get_queue_length(receiver));
  else if (strcmp(op, "read") == 0)
    read_all(t);
  else if (strcmp(op, "info") == 0) {
    if (emitter)
      printf("t=%d emitter %s channel=%d range=%g buffer=%d\n", t, wb_device_get_name(emitter),
             wb_emitter_get_channel(emitter), wb_emitter_get_range(emitter), wb_emitter_get_buffer_size(emitter));
    if (receiver)
      printf("t=%d receiver %s channel=%d period=%d\n", t, wb_device_get_name(receiver),
             wb_receiver_get_channel(receiver), wb_receiver_get_sampling_period(receiver));
  } else
    CHECK(0, "unknown operation %s", op);
}

struct item {
  int t;
  char op[16];
  const char *arg;
};

int main(int argc, char **argv) {
  static struct item items[MAX_ITEMS];
  int n_items = 0, autoread = 0, step = 32;
  setvbuf(stdout, NULL, _IOLBF, 0);
  wb_robot_init();
  emitter = find("emitter", WB_NODE_EMITTER);
  receiver = find("receiver", WB_NODE_RECEIVER);

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "rx=", 3) == 0) {
      CHECK(receiver != 0, "rx= without a receiver");
      wb_receiver_enable(receiver, atoi(a + 3));
    } else if (strcmp(a, "auto") == 0)
      autoread = 1;
    else if (strcmp(a, "geo") == 0)
      geo = 1;
    else if (strncmp(a, "step=", 5) == 0)
      step = atoi(a + 5);
    else {
      CHECK(n_items < MAX_ITEMS, "too many items");
      struct item *it = &items[n_items++];
      char *end;
      it->t = (int)strtol(a, &end, 10);
      CHECK(end != a && *end == ':', "bad item %s", a);
      const char *op = end + 1;
      const char *colon = strchr(op, ':');
      const size_t len = colon ? (size_t)(colon - op) : strlen(op);
      CHECK(len < sizeof(it->op), "bad op in %s", a);
      memcpy(it->op, op, len);
      it->op[len] = '\0';
      it->arg = colon ? colon + 1 : "";
    }
  }

  int t = 0;
  for (;;) {
    if (autoread && receiver && wb_receiver_get_sampling_period(receiver) > 0)
      read_all(t);
    for (int i = 0; i < n_items; i++)
      if (items[i].t == t)
        run(t, items[i].op, items[i].arg);
    if (wb_robot_step(step) == -1)
      break;
    t = (int)(wb_robot_get_time() * 1000.0 + 0.5);
  }
  printf("PASS script\n");
  wb_robot_cleanup();
  return 0;
}
