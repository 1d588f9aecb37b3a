// Joystick: forwards to joystick.h.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/joystick.h>
#include <webots/Joystick.hpp>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

void Joystick::enable(int samplingPeriod) {
  wb_joystick_enable(samplingPeriod);
}

void Joystick::disable() {
  wb_joystick_disable();
}

int Joystick::getSamplingPeriod() const {
  return wb_joystick_get_sampling_period();
}

bool Joystick::isConnected() const {
  return wb_joystick_is_connected();
}

std::string Joystick::getModel() const {
  return text(wb_joystick_get_model());
}

int Joystick::getNumberOfAxes() const {
  return wb_joystick_get_number_of_axes();
}

int Joystick::getAxisValue(int axis) const {
  return wb_joystick_get_axis_value(axis);
}

int Joystick::getNumberOfPovs() const {
  return wb_joystick_get_number_of_povs();
}

int Joystick::getPovValue(int pov) const {
  return wb_joystick_get_pov_value(pov);
}

int Joystick::getPressedButton() const {
  return wb_joystick_get_pressed_button();
}

void Joystick::setConstantForce(int level) {
  wb_joystick_set_constant_force(level);
}

void Joystick::setConstantForceDuration(double duration) {
  wb_joystick_set_constant_force_duration(duration);
}

void Joystick::setAutoCenteringGain(double gain) {
  wb_joystick_set_auto_centering_gain(gain);
}

void Joystick::setResistanceGain(double gain) {
  wb_joystick_set_resistance_gain(gain);
}

void Joystick::setForceAxis(int axis) {
  wb_joystick_set_force_axis(axis);
}
