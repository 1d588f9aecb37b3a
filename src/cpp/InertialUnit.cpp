// InertialUnit: forwards to inertial_unit.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/inertial_unit.h>
#include <webots/InertialUnit.hpp>

using namespace webots;

void InertialUnit::enable(int samplingPeriod) {
  wb_inertial_unit_enable(getTag(), samplingPeriod);
}

void InertialUnit::disable() {
  wb_inertial_unit_disable(getTag());
}

int InertialUnit::getSamplingPeriod() const {
  return wb_inertial_unit_get_sampling_period(getTag());
}

const double *InertialUnit::getRollPitchYaw() const {
  return wb_inertial_unit_get_roll_pitch_yaw(getTag());
}

const double *InertialUnit::getQuaternion() const {
  return wb_inertial_unit_get_quaternion(getTag());
}

double InertialUnit::getNoise() const {
  return wb_inertial_unit_get_noise(getTag());
}
