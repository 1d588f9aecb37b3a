/* Sends one byte every step. */
#include <webots/emitter.h>
#include <webots/robot.h>

int main(void) {
  wb_robot_init();
  const WbDeviceTag emitter = wb_robot_get_device("emitter");
  while (wb_robot_step(32) != -1)
    wb_emitter_send(emitter, "x", 1);
  wb_robot_cleanup();
  return 0;
}
