// LED: forwards to led.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/led.h>
#include <webots/LED.hpp>

using namespace webots;

void LED::set(int value) {
  wb_led_set(getTag(), value);
}

int LED::get() const {
  return wb_led_get(getTag());
}
