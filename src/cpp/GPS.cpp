// GPS: forwards to gps.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/gps.h>
#include <webots/GPS.hpp>

#include <cstdlib>

using namespace webots;

void GPS::enable(int samplingPeriod) {
  wb_gps_enable(getTag(), samplingPeriod);
}

void GPS::disable() {
  wb_gps_disable(getTag());
}

int GPS::getSamplingPeriod() const {
  return wb_gps_get_sampling_period(getTag());
}

const double *GPS::getValues() const {
  return wb_gps_get_values(getTag());
}

double GPS::getSpeed() const {
  return wb_gps_get_speed(getTag());
}

const double *GPS::getSpeedVector() const {
  return wb_gps_get_speed_vector(getTag());
}

GPS::CoordinateSystem GPS::getCoordinateSystem() const {
  return static_cast<CoordinateSystem>(wb_gps_get_coordinate_system(getTag()));
}

std::string GPS::convertToDegreesMinutesSeconds(double decimalDegree) {
  char *text = const_cast<char *>(wb_gps_convert_to_degrees_minutes_seconds(decimalDegree));
  const std::string result = text ? text : "";
  free(text);
  return result;
}
