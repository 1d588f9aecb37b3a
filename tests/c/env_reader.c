/* Prints the environment variables its runtime.ini set (Webots' runtime_config_file scenario,
 * tests/lifecycle.rs): each name in argv, "=" and its value or "(unset)"; TEST_REFERENCE is compared
 * with WEBOTS_HOME. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/robot.h>

int main(int argc, char **argv) {
  wb_robot_init();
  wb_robot_step(32);
  for (int i = 1; i < argc; ++i) {
    const char *v = getenv(argv[i]);
    printf("%s=%s\n", argv[i], v ? v : "(unset)");
  }
  const char *ref = getenv("TEST_REFERENCE"), *home = getenv("WEBOTS_HOME");
  printf("TEST_REFERENCE is WEBOTS_HOME: %s\n", ref && home && strcmp(ref, home) == 0 ? "yes" : "no");
  wb_robot_cleanup();
  return 0;
}
