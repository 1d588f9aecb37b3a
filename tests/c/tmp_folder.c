/* What a world's controller finds in its temporary folder (wbu_system_tmpdir()) under `webots-shim test`.
 * Arguments: MARKER REPORT [MEET WAIT]. It fails (status 3) if MARKER is already in the folder, then
 * leaves MARKER there and writes the folder's path to the file REPORT. With MEET and WAIT, it first
 * creates the file MEET and waits (up to 10 s) for the file WAIT: two worlds doing so run at once. */
#define _DEFAULT_SOURCE
#include <unistd.h>
#include <webots/robot.h>
#include <webots/utils/system.h>
#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 3 || argc == 5, "usage: MARKER REPORT [MEET WAIT]");
  wb_robot_init();
  if (argc == 5) {
    FILE *meet = fopen(argv[3], "w");
    CHECK(meet != NULL, "cannot create %s", argv[3]);
    fclose(meet);
    int waited = 0;
    while (access(argv[4], F_OK) != 0) {
      CHECK(waited < 10000, "the other world never came (%s)", argv[4]);
      usleep(10000);
      waited += 10;
    }
  }
  const char *tmp = wbu_system_tmpdir();
  char marker[4096];
  snprintf(marker, sizeof marker, "%s/%s", tmp, argv[1]);
  CHECK(access(marker, F_OK) != 0, "%s was left by an earlier world", marker);
  FILE *left = fopen(marker, "w");
  CHECK(left != NULL, "cannot write in the temporary folder %s", tmp);
  fclose(left);
  FILE *report = fopen(argv[2], "w");
  CHECK(report != NULL, "cannot write %s", argv[2]);
  fprintf(report, "%s\n", tmp);
  fclose(report);
  while (wb_robot_step(32) != -1) {
  }
  return 0;
}
