/* Connector calls with bad arguments: Webots' errors on stderr and its default return values. */
#include <webots/compass.h>
#include <webots/connector.h>
#include <webots/robot.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag c = wb_robot_get_device("c");
  WbDeviceTag compass = wb_robot_get_device("compass");
  CHECK(c != 0 && compass != 0, "devices not found");
  wb_connector_enable_presence(c, -5);
  CHECK_INT(wb_connector_get_presence_sampling_period(c), 0);
  /* disabled: an error, and the value before any sample */
  CHECK_INT(wb_connector_get_presence(c), 0);
  CHECK_INT(wb_connector_is_locked(c), 0);
  /* a tag of another device type */
  CHECK_INT(wb_connector_get_presence(compass), -1);
  CHECK_INT(wb_connector_get_presence_sampling_period(compass), 0);
  CHECK_INT(wb_connector_is_locked(compass), 0);
  wb_connector_lock(compass);
  wb_connector_lock(999);
  /* enabling, then disabling keeps the last value readable */
  wb_connector_enable_presence(c, 32);
  wb_robot_step(32);
  CHECK_INT(wb_connector_get_presence(c), 0);
  wb_connector_lock(c);
  CHECK_INT(wb_connector_is_locked(c), 1);
  wb_connector_disable_presence(c);
  CHECK_INT(wb_connector_get_presence_sampling_period(c), 0);
  wb_robot_step(32);
  CHECK_INT(wb_connector_is_locked(c), 1);
  printf("misuse checks passed\n");
  wb_robot_cleanup();
  return 0;
}
