/* Webots' own connector test (tests/api/controllers/connector), as a Webots user runs it: two modules
 * latched rear to front from the world file, one resting on a pedestal, the other hanging beyond its edge
 * by the link; at step 34 both of this module's connectors unlock, and by step 38 the other module has
 * fallen out of presence (tests/physics.rs). */
#include <webots/connector.h>
#include <webots/robot.h>
#include "check.h"

#define TIME_STEP 32

int main(void) {
  wb_robot_init();
  const WbDeviceTag rear = wb_robot_get_device("rear_connector");
  const WbDeviceTag front = wb_robot_get_device("front_connector");
  wb_connector_enable_presence(rear, TIME_STEP);
  wb_connector_enable_presence(front, TIME_STEP);
  int t = 0;
  while (wb_robot_step(TIME_STEP) != -1) {
    if (t == 34 * TIME_STEP) {
      CHECK_INT(wb_connector_get_presence(rear), 1);
      CHECK(wb_connector_is_locked(rear), "the rear connector is latched from the world file");
      wb_connector_unlock(front);
      wb_connector_unlock(rear);
    } else if (t >= 38 * TIME_STEP) {
      CHECK(wb_connector_get_presence(rear) == 0, "the other module should have fallen (presence %d)",
            wb_connector_get_presence(rear));
      CHECK(!wb_connector_is_locked(rear), "unlocked");
      break;
    }
    t += TIME_STEP;
  }
  printf("the other module fell at t=%d ms\n", t);
  wb_robot_cleanup();
  return 0;
}
