// Gyro: forwards to gyro.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/gyro.h>
#include <webots/Gyro.hpp>

using namespace webots;

void Gyro::enable(int samplingPeriod) {
  wb_gyro_enable(getTag(), samplingPeriod);
}

void Gyro::disable() {
  wb_gyro_disable(getTag());
}

int Gyro::getSamplingPeriod() const {
  return wb_gyro_get_sampling_period(getTag());
}

const double *Gyro::getValues() const {
  return wb_gyro_get_values(getTag());
}

int Gyro::getLookupTableSize() const {
  return wb_gyro_get_lookup_table_size(getTag());
}

const double *Gyro::getLookupTable() const {
  return wb_gyro_get_lookup_table(getTag());
}
