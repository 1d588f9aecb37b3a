/* LEDs as Webots lights them (tests/motors.rs builds the world): the value set shows in the
 * emissiveColor of the Material under the LED (and in the colour of its light, whose 'on' field Webots
 * leaves alone), read back through the supervisor's field API after the step that carried it. Webots
 * computes the colours in single precision. */
#define _POSIX_C_SOURCE 200809L
#include <webots/led.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

#define STEP 32

static const double *emissive(const char *def) {
  WbNodeRef material = wb_supervisor_node_get_from_def(def);
  CHECK(material != NULL, "no DEF %s", def);
  return wb_supervisor_field_get_sf_color(wb_supervisor_node_get_field(material, "emissiveColor"));
}

static void show(WbDeviceTag led, int value) {
  wb_led_set(led, value);
  CHECK_INT(wb_led_get(led), value); /* the controller's own value, at once */
  wb_robot_step(STEP);
}

int main(void) {
  wb_robot_init();
  const WbDeviceTag list = wb_robot_get_device("list"), one = wb_robot_get_device("one"), rgb = wb_robot_get_device("rgb");
  CHECK(list && one && rgb, "LEDs");
  CHECK_INT(wb_led_get(list), 0);
  wb_robot_step(STEP);
  CHECK_VEC(emissive("M_LIST"), 3, 0.0, 0.0, 0.0);
  const WbNodeRef light = wb_supervisor_node_get_from_def("LIGHT");
  WbFieldRef on = wb_supervisor_node_get_field(light, "on"), color = wb_supervisor_node_get_field(light, "color");
  CHECK_VEC(wb_supervisor_field_get_sf_color(color), 3, 0.0, 0.0, 0.0);

  /* not gradual: colour v of the list, black for 0 and out of range */
  show(list, 2);
  CHECK_VEC(emissive("M_LIST"), 3, 0.0, 1.0, 0.0);
  CHECK_VEC(wb_supervisor_field_get_sf_color(color), 3, 0.0, 1.0, 0.0);
  show(list, 3);
  CHECK_VEC(emissive("M_LIST"), 3, 0.0, 0.0, 1.0);
  show(list, 4);
  CHECK_VEC(emissive("M_LIST"), 3, 0.0, 0.0, 0.0);
  show(list, -1);
  CHECK_VEC(emissive("M_LIST"), 3, 0.0, 0.0, 0.0);
  show(list, 0);
  CHECK_VEC(wb_supervisor_field_get_sf_color(color), 3, 0.0, 0.0, 0.0);
  CHECK(wb_supervisor_field_get_sf_bool(on), "the light's own field is left as written");

  /* only the first child lights up */
  CHECK_VEC(emissive("M_LIST_2"), 3, 0.0, 0.0, 0.0);

  /* gradual with one colour: intensity v / 255 */
  show(one, 51);
  CHECK_VEC(emissive("M_ONE"), 3, 0.0, 0.0, (double)(51.0f / 255.0f));
  show(one, 255);
  CHECK_VEC(emissive("M_ONE"), 3, 0.0, 0.0, 1.0);

  /* gradual without colours: 0xRRGGBB */
  show(rgb, 0xff8000);
  CHECK_VEC(emissive("M_RGB"), 3, 1.0, (double)(128.0f / 255.0f), 0.0);
  show(rgb, 0x000033);
  CHECK_VEC(emissive("M_RGB"), 3, 0.0, 0.0, (double)(51.0f / 255.0f));

  /* the last value set is what get returns; a bad tag gets Webots' errors and 0 */
  CHECK_INT(wb_led_get(rgb), 0x000033);
  EXPECT_STDERR("Error: device with tag=999 not found.\nError: wb_led_get(): invalid device tag.\n",
                CHECK_INT(wb_led_get(999), 0));
  printf("led checks passed\n");
  wb_robot_cleanup();
  return 0;
}
