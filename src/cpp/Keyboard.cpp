// Keyboard: forwards to keyboard.h.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/keyboard.h>
#include <webots/Keyboard.hpp>

using namespace webots;

void Keyboard::enable(int samplingPeriod) {
  wb_keyboard_enable(samplingPeriod);
}

void Keyboard::disable() {
  wb_keyboard_disable();
}

int Keyboard::getSamplingPeriod() const {
  return wb_keyboard_get_sampling_period();
}

int Keyboard::getKey() const {
  return wb_keyboard_get_key();
}
