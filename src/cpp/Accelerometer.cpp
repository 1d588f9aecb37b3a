// Accelerometer: forwards to accelerometer.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/accelerometer.h>
#include <webots/Accelerometer.hpp>

using namespace webots;

void Accelerometer::enable(int samplingPeriod) {
  wb_accelerometer_enable(getTag(), samplingPeriod);
}

void Accelerometer::disable() {
  wb_accelerometer_disable(getTag());
}

int Accelerometer::getSamplingPeriod() const {
  return wb_accelerometer_get_sampling_period(getTag());
}

const double *Accelerometer::getValues() const {
  return wb_accelerometer_get_values(getTag());
}

int Accelerometer::getLookupTableSize() const {
  return wb_accelerometer_get_lookup_table_size(getTag());
}

const double *Accelerometer::getLookupTable() const {
  return wb_accelerometer_get_lookup_table(getTag());
}
