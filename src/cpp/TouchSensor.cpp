// TouchSensor: forwards to touch_sensor.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/touch_sensor.h>
#include <webots/TouchSensor.hpp>

using namespace webots;

void TouchSensor::enable(int samplingPeriod) {
  wb_touch_sensor_enable(getTag(), samplingPeriod);
}

void TouchSensor::disable() {
  wb_touch_sensor_disable(getTag());
}

int TouchSensor::getSamplingPeriod() const {
  return wb_touch_sensor_get_sampling_period(getTag());
}

double TouchSensor::getValue() const {
  return wb_touch_sensor_get_value(getTag());
}

const double *TouchSensor::getValues() const {
  return wb_touch_sensor_get_values(getTag());
}

int TouchSensor::getLookupTableSize() const {
  return wb_touch_sensor_get_lookup_table_size(getTag());
}

const double *TouchSensor::getLookupTable() const {
  return wb_touch_sensor_get_lookup_table(getTag());
}

TouchSensor::Type TouchSensor::getType() const {
  return static_cast<Type>(wb_touch_sensor_get_type(getTag()));
}
