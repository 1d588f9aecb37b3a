/* A scripted robot for the connector tests. argv: STEPS then actions "K:verb[:args]", run just before the
 * K-th step (K >= 1), and "@DEF" nodes whose position a supervisor prints after every step. Verbs:
 *   enable:NAME:PERIOD  disable:NAME  lock:NAME  unlock:NAME           (this robot's connectors)
 *   move:DEF:X:Y:Z  turn:DEF:AX:AY:AZ:ANGLE  latch:DEF:0|1  reset       (supervisor only)
 * At t=0 and after every step it prints "t=T NAME p=PRESENCE l=IS_LOCKED" for each of its connectors and
 * "t=T DEF at X Y Z" for each watched node. */
#include <webots/connector.h>
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define MAX_PARTS 8

static int split(const char *arg, char parts[MAX_PARTS][64]) {
  int n = 0;
  const char *p = arg;
  while (n < MAX_PARTS) {
    const char *end = strchr(p, ':');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    CHECK(len < 64, "argument part too long: %s", arg);
    memcpy(parts[n], p, len);
    parts[n][len] = '\0';
    n++;
    if (!end)
      break;
    p = end + 1;
  }
  return n;
}

static WbNodeRef node(const char *def) {
  WbNodeRef n = wb_supervisor_node_get_from_def(def);
  CHECK(n != NULL, "no node %s", def);
  return n;
}

static void run(char parts[MAX_PARTS][64], int n) {
  const char *verb = parts[1];
  if (strcmp(verb, "reset") == 0) {
    wb_supervisor_simulation_reset();
    return;
  }
  CHECK(n >= 3, "%s needs a name", verb);
  if (strcmp(verb, "enable") == 0) {
    CHECK(n == 4, "enable:NAME:PERIOD");
    wb_connector_enable_presence(wb_robot_get_device(parts[2]), atoi(parts[3]));
  } else if (strcmp(verb, "disable") == 0)
    wb_connector_disable_presence(wb_robot_get_device(parts[2]));
  else if (strcmp(verb, "lock") == 0)
    wb_connector_lock(wb_robot_get_device(parts[2]));
  else if (strcmp(verb, "unlock") == 0)
    wb_connector_unlock(wb_robot_get_device(parts[2]));
  else if (strcmp(verb, "move") == 0) {
    CHECK(n == 6, "move:DEF:X:Y:Z");
    double v[3] = {atof(parts[3]), atof(parts[4]), atof(parts[5])};
    wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(node(parts[2]), "translation"), v);
  } else if (strcmp(verb, "turn") == 0) {
    CHECK(n == 7, "turn:DEF:AX:AY:AZ:ANGLE");
    double r[4] = {atof(parts[3]), atof(parts[4]), atof(parts[5]), atof(parts[6])};
    wb_supervisor_field_set_sf_rotation(wb_supervisor_node_get_field(node(parts[2]), "rotation"), r);
  } else if (strcmp(verb, "latch") == 0) {
    CHECK(n == 4, "latch:DEF:0|1");
    wb_supervisor_field_set_sf_bool(wb_supervisor_node_get_field(node(parts[2]), "isLocked"), atoi(parts[3]));
  } else
    CHECK(0, "unknown verb %s", verb);
}

static void report(int argc, char **argv) {
  int t = (int)(wb_robot_get_time() * 1000 + 0.5);
  for (int i = 0; i < wb_robot_get_number_of_devices(); i++) {
    WbDeviceTag tag = wb_robot_get_device_by_index(i);
    if (wb_device_get_node_type(tag) != WB_NODE_CONNECTOR)
      continue;
    const char *name = wb_device_get_name(tag);
    if (wb_connector_get_presence_sampling_period(tag) > 0)
      printf("t=%d %s p=%d l=%d\n", t, name, wb_connector_get_presence(tag), wb_connector_is_locked(tag));
    else
      printf("t=%d %s p=off l=%d\n", t, name, wb_connector_is_locked(tag));
  }
  for (int a = 2; a < argc; a++) {
    if (argv[a][0] != '@')
      continue;
    const double *x = wb_supervisor_node_get_position(node(argv[a] + 1));
    printf("t=%d %s at %.6f %.6f %.6f\n", t, argv[a] + 1, x[0] + 0.0, x[1] + 0.0, x[2] + 0.0);
  }
  fflush(stdout);
}

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: connector_script STEPS [K:verb:args | @DEF]...");
  wb_robot_init();
  int steps = atoi(argv[1]);
  report(argc, argv);
  for (int k = 1; k <= steps; k++) {
    for (int a = 2; a < argc; a++) {
      if (argv[a][0] == '@')
        continue;
      char parts[MAX_PARTS][64];
      int n = split(argv[a], parts);
      if (atoi(parts[0]) == k)
        run(parts, n);
    }
    if (wb_robot_step(32) == -1)
      break;
    report(argc, argv);
  }
  wb_robot_cleanup();
  return 0;
}
