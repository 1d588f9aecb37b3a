/* A launched controller that starts another controller as the extern controller of robot "extern1",
 * as Webots' own tests do: it clears the variables that name its run and robot (set empty, not
 * removed) and sets WEBOTS_CONTROLLER_URL to the other robot's name. */
#define _DEFAULT_SOURCE
#include <sys/wait.h>
#include <unistd.h>
#include <webots/robot.h>
#include "check.h"

int main(int argc, char **argv) {
  if (argc > 1) { /* the child */
    wb_robot_init();
    printf("child drives %s\n", wb_robot_get_name());
    for (int i = 0; i < 3; i++)
      CHECK_INT(wb_robot_step(32), 0);
    wb_robot_cleanup();
    return 0;
  }
  wb_robot_init();
  putenv("WEBOTS_ROBOT_ID=");
  putenv("WEBOTS_INSTANCE_PATH=");
  putenv("WEBOTS_ROBOT_NAME=");
  putenv("WEBOTS_CONTROLLER_URL=extern1");
  fflush(NULL);
  const pid_t child = fork();
  if (child == 0) {
    execl(argv[0], argv[0], "child", (char *)NULL);
    _exit(127);
  }
  CHECK(child > 0, "fork failed");
  for (int i = 0; i < 5; i++)
    CHECK_INT(wb_robot_step(32), 0);
  printf("parent %s at %.3f\n", wb_robot_get_name(), wb_robot_get_time());
  wb_robot_cleanup();
  int status = 0;
  CHECK(waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
  return 0;
}
