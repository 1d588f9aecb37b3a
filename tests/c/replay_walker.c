/* tests/replay.rs: a robot that walks itself along x by `speed` m per step (a supervisor writing its own
 * translation), prints its GPS position after its first and last steps, sends one radio packet after
 * the step that returned at `send` ms (and says so), and stops after `steps` steps.
 * Arguments: walk <speed> <send_ms> <steps> [record FILE.html [keep]]   |   listen <steps>
 * A listener enables its receiver and prints each packet it reads. With "record", the walker records
 * the run itself through wb_supervisor_animation_start_recording / stop_recording ("keep": it never
 * stops the recording, which then ends with the run). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/emitter.h>
#include <webots/gps.h>
#include <webots/receiver.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#define STEP 32

static void listen(int steps) {
  WbDeviceTag receiver = wb_robot_get_device("receiver");
  wb_receiver_enable(receiver, STEP);
  for (int i = 0; i < steps && wb_robot_step(STEP) != -1; i++) {
    while (wb_receiver_get_queue_length(receiver) > 0) {
      printf("heard '%s' at %.3f\n", (const char *)wb_receiver_get_data(receiver), wb_robot_get_time());
      wb_receiver_next_packet(receiver);
    }
  }
}

static void walk(double speed, int send_ms, int steps, const char *record, int keep) {
  WbDeviceTag gps = wb_robot_get_device("gps");
  WbDeviceTag emitter = wb_robot_get_device("emitter");
  wb_gps_enable(gps, STEP);
  WbFieldRef translation = wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "translation");
  double at[3];
  memcpy(at, wb_supervisor_field_get_sf_vec3f(translation), sizeof at);
  if (record && !wb_supervisor_animation_start_recording(record)) {
    printf("start_recording failed\n");
    exit(3);
  }
  for (int i = 1; i <= steps; i++) {
    at[0] += speed;
    wb_supervisor_field_set_sf_vec3f(translation, at);
    if (wb_robot_step(STEP) == -1)
      break;
    const int now = (int)(wb_robot_get_time() * 1000.0 + 0.5);
    if (i == 1 || i == steps) {
      const double *p = wb_gps_get_values(gps);
      printf("gps step %d t %.3f at %.6f %.6f %.6f\n", i, wb_robot_get_time(), p[0], p[1], p[2]);
    }
    if (now == send_ms) {
      wb_emitter_send(emitter, "hello", 6);
      printf("sent at %.3f\n", wb_robot_get_time());
    }
  }
  if (record && !keep)
    printf("stop_recording %d\n", wb_supervisor_animation_stop_recording());
  fflush(stdout);
  wb_robot_step(STEP);
}

int main(int argc, char **argv) {
  wb_robot_init();
  if (argc >= 3 && strcmp(argv[1], "listen") == 0)
    listen(atoi(argv[2]));
  else if (argc >= 5 && strcmp(argv[1], "walk") == 0)
    walk(atof(argv[2]), atoi(argv[3]), atoi(argv[4]), argc >= 7 ? argv[6] : NULL, argc >= 8);
  else {
    fprintf(stderr, "usage: walk SPEED SEND_MS STEPS [record FILE [keep]] | listen STEPS\n");
    return 2;
  }
  wb_robot_cleanup();
  return 0;
}
