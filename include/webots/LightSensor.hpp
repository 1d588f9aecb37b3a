// webots-shim C++ API: the LightSensor device (wraps light_sensor.h).
#ifndef LIGHT_SENSOR_HPP
#define LIGHT_SENSOR_HPP

#include <webots/Device.hpp>

namespace webots {
  class LightSensor : public Device {
  public:
    // Robot::getDevice() (or getLightSensor()) hands out the robot's own object; use that.
    explicit LightSensor(const std::string &name) : Device(name) {}
    explicit LightSensor(WbDeviceTag tag) : Device(tag) {}
    virtual ~LightSensor() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    double getValue() const;
    int getLookupTableSize() const;
    // getLookupTableSize() rows of 3 doubles
    const double *getLookupTable() const;
  };
}  // namespace webots

#endif  // LIGHT_SENSOR_HPP
