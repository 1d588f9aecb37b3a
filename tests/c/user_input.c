/* The keyboard, mouse and joystick of a headless run: they enable, report nothing, and misuses print
 * Webots' messages (checked by tests/user_input.rs). */
#include <webots/joystick.h>
#include <webots/keyboard.h>
#include <webots/mouse.h>
#include <webots/robot.h>
#include "check.h"

int main(void) {
  wb_robot_init();

  /* keyboard: disabled at first (get_key complains), then enabled with no key ever */
  CHECK_INT(wb_keyboard_get_sampling_period(), 0);
  CHECK_INT(wb_keyboard_get_key(), -1);
  wb_keyboard_enable(32);
  CHECK_INT(wb_keyboard_get_sampling_period(), 32);
  CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(wb_keyboard_get_key(), -1);
  CHECK_INT(WB_KEYBOARD_END, 312);
  CHECK_INT(WB_KEYBOARD_NUMPAD_END, 382);
  CHECK_INT(('A' | WB_KEYBOARD_SHIFT) & WB_KEYBOARD_KEY, 'A');
  wb_keyboard_disable();
  CHECK_INT(wb_keyboard_get_sampling_period(), 0);

  /* mouse: no buttons, no position */
  CHECK_INT(wb_mouse_get_sampling_period(), 0);
  wb_mouse_enable(-5);
  CHECK_INT(wb_mouse_get_sampling_period(), 0);
  wb_mouse_enable_3d_position();
  CHECK_INT(wb_mouse_is_3d_position_enabled(), 0);
  wb_mouse_enable(32);
  wb_mouse_enable_3d_position();
  CHECK_INT(wb_mouse_is_3d_position_enabled(), 1);
  CHECK_INT(wb_robot_step(32), 0);
  const WbMouseState state = wb_mouse_get_state();
  CHECK(!state.left && !state.middle && !state.right, "no button pressed");
  CHECK(isnan(state.u) && isnan(state.v) && isnan(state.x) && isnan(state.y) && isnan(state.z), "no position");
  wb_mouse_disable_3d_position();
  CHECK_INT(wb_mouse_is_3d_position_enabled(), 0);
  wb_mouse_disable();
  CHECK_INT(wb_mouse_get_sampling_period(), 0);

  /* joystick: never connected */
  CHECK_INT(wb_joystick_is_connected(), 0);
  wb_joystick_enable(32);
  CHECK_INT(wb_joystick_get_sampling_period(), 32);
  CHECK_INT(wb_robot_step(32), 0);
  CHECK_INT(wb_joystick_is_connected(), 0);
  CHECK(wb_joystick_get_model() == NULL, "no model");
  CHECK_INT(wb_joystick_get_number_of_axes(), 0);
  CHECK_INT(wb_joystick_get_number_of_povs(), 0);
  CHECK_INT(wb_joystick_get_pressed_button(), -1);
  CHECK_INT(wb_joystick_get_axis_value(0), 0);
  CHECK_INT(wb_joystick_get_pov_value(1), 0);
  wb_joystick_set_constant_force_duration(-1.0);
  wb_joystick_set_force_axis(2);
  wb_joystick_set_constant_force(10);
  wb_joystick_set_auto_centering_gain(0.5);
  wb_joystick_set_resistance_gain(0.5);
  wb_joystick_disable();
  CHECK_INT(wb_joystick_get_sampling_period(), 0);
  CHECK_INT(wb_joystick_get_pressed_button(), -1);

  printf("user_input: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
