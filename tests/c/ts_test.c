/* A test controller in Webots' test-suite style: announces "ts 1 <pid>" on the "ts_emitter",
 * steps, appends "OK: <name>" (or "FAILURE with <name>: ...") to the project's output.txt, announces
 * "ts 0 <pid>" and leaves through wb_robot_cleanup, whose final step is the only one that carries
 * that last packet. argv[1]: the test's name; argv[2] (optional): "fail" or "steps=N". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webots/emitter.h>
#include <webots/robot.h>

static WbDeviceTag ts_emitter;

static void announce(int running) {
  char msg[64];
  snprintf(msg, sizeof msg, "ts %d %d", running, (int)getpid());
  /* strlen bytes, no NUL, as Webots' ts_utils.h does */
  wb_emitter_send(ts_emitter, msg, (int)strlen(msg));
}

static void finish(const char *line, int status) {
  FILE *out = fopen("../../output.txt", "a");
  if (out) {
    fprintf(out, "%s\n", line);
    fclose(out);
  }
  printf("%s\n", line);
  announce(0);
  wb_robot_cleanup();
  exit(status);
}

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "ts_test";
  const char *mode = argc > 2 ? argv[2] : "";
  wb_robot_init();
  ts_emitter = wb_robot_get_device("ts_emitter");
  announce(1);
  int steps = 3;
  if (strncmp(mode, "steps=", 6) == 0)
    steps = atoi(mode + 6);
  for (int i = 0; i < steps; i++)
    if (wb_robot_step(32) == -1)
      break;
  char line[256];
  if (strcmp(mode, "fail") == 0) {
    snprintf(line, sizeof line, "FAILURE with %s: asked to fail", name);
    finish(line, EXIT_FAILURE);
  }
  snprintf(line, sizeof line, "OK: %s", name);
  finish(line, EXIT_SUCCESS);
  return 0;
}
