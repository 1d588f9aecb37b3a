// Mouse: forwards to mouse.h.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/mouse.h>
#include <webots/Mouse.hpp>

using namespace webots;

void Mouse::enable(int samplingPeriod) {
  wb_mouse_enable(samplingPeriod);
}

void Mouse::disable() {
  wb_mouse_disable();
}

int Mouse::getSamplingPeriod() const {
  return wb_mouse_get_sampling_period();
}

void Mouse::enable3dPosition() {
  wb_mouse_enable_3d_position();
}

void Mouse::disable3dPosition() {
  wb_mouse_disable_3d_position();
}

bool Mouse::is3dPositionEnabled() const {
  return wb_mouse_is_3d_position_enabled();
}

MouseState Mouse::getState() const {
  return wb_mouse_get_state();
}
