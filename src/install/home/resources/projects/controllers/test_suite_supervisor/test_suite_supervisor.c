/* webots-shim's test-suite supervisor, the controller of the TestSuiteSupervisor PROTO.
 *
 * Test controllers announce "ts 1 <pid>" when they start and "ts 0 <pid>" when they finish on
 * channel 20. Once at least one test started and every started test finished, the world's test is
 * over: the supervisor quits the simulation with status 0. If the tests take longer than
 * $WEBOTS_SHIM_TEST_TIMEOUT seconds of wall-clock time (default 30, as Webots' own test suite allows)
 * it reports the tests still unfinished and quits with status 1; if the simulation ends first, it
 * reports them and exits with status 1. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <webots/receiver.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#define MAX_TESTS 4096

struct test {
  int pid;
  int started;
  int finished;
};

static struct test tests[MAX_TESTS];
static int n_tests;

static struct test *find(int pid) {
  for (int i = 0; i < n_tests; i++)
    if (tests[i].pid == pid)
      return &tests[i];
  if (n_tests == MAX_TESTS)
    return NULL;
  tests[n_tests].pid = pid;
  return &tests[n_tests++];
}

/* Ends the simulation with `status`, then leaves when the run says it is over. */
static int quit(int status) {
  wb_supervisor_simulation_quit(status);
  while (wb_robot_step((int)wb_robot_get_basic_time_step()) != -1) {
  }
  return status;
}

/* Takes one packet: "ts <0|1> <pid>", with or without a terminating NUL. */
static void take(const char *data, int size) {
  char text[64];
  if (size <= 0)
    return;
  if (size > (int)sizeof text - 1)
    size = (int)sizeof text - 1;
  memcpy(text, data, (size_t)size);
  text[size] = '\0';
  int running, pid;
  if (sscanf(text, "ts %d %d", &running, &pid) != 2) {
    fprintf(stderr, "test_suite_supervisor: ignoring a packet that is not \"ts <0|1> <pid>\": %s\n", text);
    return;
  }
  struct test *t = find(pid);
  if (!t)
    return;
  if (running)
    t->started = 1;
  else
    t->finished = 1;
}

static int all_done(void) {
  int started = 0;
  for (int i = 0; i < n_tests; i++) {
    if (tests[i].started && !tests[i].finished)
      return 0;
    started += tests[i].started;
  }
  return started > 0;
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int report_unfinished(const char *why) {
  int started = 0, unfinished = 0;
  for (int i = 0; i < n_tests; i++) {
    started += tests[i].started;
    unfinished += tests[i].started && !tests[i].finished;
  }
  fprintf(stderr, "test_suite_supervisor: %s: %d test controller(s) started, %d unfinished\n", why, started,
          unfinished);
  return EXIT_FAILURE;
}

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const char *limit_text = getenv("WEBOTS_SHIM_TEST_TIMEOUT");
  const double limit = limit_text && atof(limit_text) > 0 ? atof(limit_text) : 30.0;
  const double start = now_s();
  WbDeviceTag receiver = wb_robot_get_device("ts_receiver");
  wb_receiver_enable(receiver, step);
  while (wb_robot_step(step) != -1) {
    while (wb_receiver_get_queue_length(receiver) > 0) {
      take(wb_receiver_get_data(receiver), wb_receiver_get_data_size(receiver));
      wb_receiver_next_packet(receiver);
    }
    if (all_done()) {
      printf("test_suite_supervisor: all %d test controller(s) finished\n", n_tests);
      fflush(stdout);
      return quit(EXIT_SUCCESS);
    }
    if (now_s() - start > limit) {
      char why[128];
      snprintf(why, sizeof why, "timeout: the tests did not finish within %g s", limit);
      return quit(report_unfinished(why));
    }
  }
  return report_unfinished("the simulation ended before the tests did");
}
