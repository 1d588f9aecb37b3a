/* An infra-red beacon: sends its name every step. */
#include <string.h>
#include <webots/emitter.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag emitter = wb_robot_get_device("emitter");
  const char *text = "beacon";
  while (wb_robot_step(step) != -1)
    wb_emitter_send(emitter, text, (int)strlen(text) + 1);
  wb_robot_cleanup();
  return 0;
}
