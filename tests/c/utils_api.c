/* utils/ (system, string, ansi_codes), console.h and the robot-window plugins' functions, in a controller
 * launched by the runner (tests/robot_utils.rs checks its output). */
#define _DEFAULT_SOURCE
#include <unistd.h>
#include <webots/console.h>
#include <webots/plugins/robot_window/default.h>
#include <webots/plugins/robot_window/robot_window.h>
#include <webots/plugins/robot_window/robot_wwi.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include <webots/utils/ansi_codes.h>
#include <webots/utils/string.h>
#include <webots/utils/system.h>
#include "check.h"

int main(void) {
  wb_robot_init();

  /* system.h */
  CHECK_STR(wbu_system_getenv("SHIM_TEST_VALUE"), "forty two");
  CHECK(wbu_system_getenv("SHIM_TEST_UNSET") == NULL, "unset variable");
  const char *path = "/some/path";
  CHECK(wbu_system_short_path(path) == path, "short path is the path");
  CHECK_STR(wbu_system_tmpdir(), getenv("WEBOTS_SHIM_TMPDIR"));
  const char *instance = wbu_system_webots_instance_path(false);
  CHECK(instance && instance[strlen(instance) - 1] == '/', "instance path %s", instance ? instance : "(null)");
  char socket[4096];
  snprintf(socket, sizeof(socket), "%sipc.sock", instance);
  CHECK(access(socket, F_OK) == 0, "no run socket in %s", instance);
  CHECK_INT(atoi(getenv("WEBOTS_ROBOT_ID")), wb_supervisor_node_get_id(wb_supervisor_node_get_self()));
  putenv("WEBOTS_INSTANCE_PATH=");
  CHECK_STR(wbu_system_webots_instance_path(false), instance);
  CHECK(wbu_system_webots_instance_path(true) == NULL, "cleared instance path");

  /* string.h: escaped delimiters stay in their token */
  char text[] = "a,b\\,c,,d";
  char *rest = text;
  CHECK_STR(wbu_string_strsep(&rest, ","), "a");
  CHECK_STR(wbu_string_strsep(&rest, ","), "b\\,c");
  CHECK_STR(wbu_string_strsep(&rest, ","), "");
  CHECK_STR(wbu_string_strsep(&rest, ","), "d");
  CHECK(rest == NULL && wbu_string_strsep(&rest, ",") == NULL, "end of the tokens");
  char value[] = "one two one";
  char *replaced = wbu_string_replace(value, "one", "1");
  CHECK_STR(replaced, "1 two 1");
  free(replaced);
  replaced = wbu_string_replace(value, "two ", NULL);
  CHECK_STR(replaced, "one one");
  free(replaced);
  CHECK(wbu_string_replace(value, "", "x") == NULL && wbu_string_replace(NULL, "a", "b") == NULL, "NULL cases");

  /* the robot window: none headless */
  wb_robot_wwi_send("hello window", 13);
  wb_robot_wwi_send_text("hello again");
  int size = 5;
  CHECK(wb_robot_wwi_receive(&size) == NULL && size == 0, "nothing received");
  CHECK(wb_robot_wwi_receive(NULL) == NULL, "nothing received");
  CHECK(wb_robot_wwi_receive_text() == NULL, "no text received");
  CHECK(wb_robot_window_custom_function(NULL) == NULL, "no window function");
  wbu_default_robot_window_configure();
  wbu_default_robot_window_set_images_max_size(64, 64);
  CHECK_INT(wb_robot_step(32), 0);
  wbu_default_robot_window_update();

  /* the console is the controller's output; ansi_codes.h colours it */
  wb_console_print("console out\n", WB_STDOUT);
  wb_console_print("console err\n", WB_STDERR);
  wb_console_print("nowhere\n", 3);
  ANSI_PRINTF_IN_GREEN("green %d\n", 3);
  printf("%sbold%s\n", ANSI_BOLD, ANSI_RESET);

  printf("utils_api: all checks passed\n");
  wb_robot_cleanup();
  return 0;
}
