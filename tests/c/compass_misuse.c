/* Compass misuse: invalid tags, negative periods, reading a disabled compass. Prints results so the
 * Rust side checks them together with stderr. */
#include <webots/compass.h>
#include <webots/robot.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag compass = wb_robot_get_device("compass");
  WbDeviceTag emitter = wb_robot_get_device("emitter");
  CHECK(compass != 0 && emitter != 0, "devices missing");
  CHECK(wb_compass_get_values(999) == NULL, "invalid tag gives values");
  CHECK(wb_compass_get_values(emitter) == NULL, "emitter tag gives values");
  CHECK_INT(wb_compass_get_lookup_table_size(999), 0);
  CHECK(wb_compass_get_lookup_table(999) == NULL, "invalid tag gives a table");
  CHECK_INT(wb_compass_get_sampling_period(emitter), 0);
  wb_compass_enable(compass, -5);
  CHECK_INT(wb_compass_get_sampling_period(compass), 0);
  const double *v = wb_compass_get_values(compass); /* disabled: message, NaN values */
  CHECK(v != NULL && isnan(v[0]) && isnan(v[1]) && isnan(v[2]), "disabled compass does not read NaN");
  wb_compass_enable(compass, 32);
  wb_robot_step(32);
  v = wb_compass_get_values(compass);
  CHECK(!isnan(v[0]), "no sample after one step");
  double x = v[0];
  wb_compass_disable(compass);
  wb_robot_step(32);
  v = wb_compass_get_values(compass); /* disabled again: message, last values kept */
  CHECK_DOUBLE(v[0], x);
  printf("misuse done\n");
  wb_robot_cleanup();
  return 0;
}
