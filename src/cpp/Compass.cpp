// Compass: forwards to compass.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/compass.h>
#include <webots/Compass.hpp>

using namespace webots;

void Compass::enable(int samplingPeriod) {
  wb_compass_enable(getTag(), samplingPeriod);
}

void Compass::disable() {
  wb_compass_disable(getTag());
}

int Compass::getSamplingPeriod() const {
  return wb_compass_get_sampling_period(getTag());
}

const double *Compass::getValues() const {
  return wb_compass_get_values(getTag());
}

int Compass::getLookupTableSize() const {
  return wb_compass_get_lookup_table_size(getTag());
}

const double *Compass::getLookupTable() const {
  return wb_compass_get_lookup_table(getTag());
}
