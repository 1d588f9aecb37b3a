// webots-shim C++ API: the DistanceSensor device (wraps distance_sensor.h).
#ifndef DISTANCESENSOR_HPP
#define DISTANCESENSOR_HPP

#include <webots/Device.hpp>

namespace webots {
  class DistanceSensor : public Device {
  public:
    typedef enum { GENERIC = 0, INFRA_RED, SONAR, LASER } Type;

    // Robot::getDevice() (or getDistanceSensor()) hands out the robot's own object; use that.
    explicit DistanceSensor(const std::string &name) : Device(name) {}
    explicit DistanceSensor(WbDeviceTag tag) : Device(tag) {}
    virtual ~DistanceSensor() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    double getValue() const;
    double getMaxValue() const;
    double getMinValue() const;
    double getAperture() const;
    int getLookupTableSize() const;
    // getLookupTableSize() rows of 3 doubles
    const double *getLookupTable() const;
    Type getType() const;
  };
}  // namespace webots

#endif  // DISTANCESENSOR_HPP
