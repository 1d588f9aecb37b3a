// DistanceSensor: forwards to distance_sensor.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/distance_sensor.h>
#include <webots/DistanceSensor.hpp>

using namespace webots;

void DistanceSensor::enable(int samplingPeriod) {
  wb_distance_sensor_enable(getTag(), samplingPeriod);
}

void DistanceSensor::disable() {
  wb_distance_sensor_disable(getTag());
}

int DistanceSensor::getSamplingPeriod() const {
  return wb_distance_sensor_get_sampling_period(getTag());
}

double DistanceSensor::getValue() const {
  return wb_distance_sensor_get_value(getTag());
}

double DistanceSensor::getMaxValue() const {
  return wb_distance_sensor_get_max_value(getTag());
}

double DistanceSensor::getMinValue() const {
  return wb_distance_sensor_get_min_value(getTag());
}

double DistanceSensor::getAperture() const {
  return wb_distance_sensor_get_aperture(getTag());
}

int DistanceSensor::getLookupTableSize() const {
  return wb_distance_sensor_get_lookup_table_size(getTag());
}

const double *DistanceSensor::getLookupTable() const {
  return wb_distance_sensor_get_lookup_table(getTag());
}

DistanceSensor::Type DistanceSensor::getType() const {
  return static_cast<Type>(wb_distance_sensor_get_type(getTag()));
}
