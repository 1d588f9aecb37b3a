/* Webots' supervisor_start_stop_movie scenario: a movie is ready (and not failed) before it starts,
 * not ready while it records and right after it stops (the encoder finishes the file), then ready,
 * not failed, with the file written. argv: file name, width, height, steps; argv[5] "fails" expects
 * a movie that fails at once (no encoder, no such folder): failed and ready, no file. */
#define _DEFAULT_SOURCE /* usleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc >= 5, "usage: file width height steps [fails]");
  const char *file = argv[1];
  const int width = atoi(argv[2]), height = atoi(argv[3]), steps = atoi(argv[4]);
  const int fails = argc > 5 && strcmp(argv[5], "fails") == 0;
  /* Webots completes a name without the .mp4 extension */
  char written[512];
  const size_t n = strlen(file);
  snprintf(written, sizeof(written), "%s%s", file, n >= 4 && strcmp(file + n - 4, ".mp4") == 0 ? "" : ".mp4");
  wb_robot_init();
  remove(written);
  CHECK(wb_supervisor_movie_is_ready(), "ready before recording");
  CHECK(!wb_supervisor_movie_failed(), "not failed before recording");
  wb_supervisor_movie_start_recording(file, width, height, 0, 50, 1, false);
  if (fails) {
    CHECK(wb_supervisor_movie_failed() && wb_supervisor_movie_is_ready(), "a movie that cannot be made fails at once");
    wb_robot_step(32);
    wb_supervisor_movie_stop_recording();
    CHECK(wb_supervisor_movie_failed(), "still failed");
    CHECK(access(written, F_OK) != 0, "no file written");
    printf("movie failure test passed\n");
    wb_robot_cleanup();
    return 0;
  }
  CHECK(!wb_supervisor_movie_is_ready(), "not ready while recording");
  CHECK(!wb_supervisor_movie_failed(), "not failed while recording");
  for (int i = 0; i < steps; i++)
    wb_robot_step(32);
  wb_supervisor_movie_stop_recording();
  CHECK(!wb_supervisor_movie_is_ready(), "not ready right after the stop: the movie is being saved");
  int ready = 0;
  for (int i = 0; i < 600 && !ready; i++) {
    usleep(100000);
    ready = wb_supervisor_movie_is_ready();
  }
  CHECK(ready, "the movie is ready within 60 s of the stop");
  CHECK(!wb_supervisor_movie_failed(), "the movie did not fail");
  CHECK(access(written, F_OK) == 0, "%s written", written);
  printf("movie test passed\n");
  wb_robot_cleanup();
  return 0;
}
