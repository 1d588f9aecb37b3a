// webots-shim C++ API: the TouchSensor device (wraps touch_sensor.h).
#ifndef TOUCHSENSOR_HPP
#define TOUCHSENSOR_HPP

#include <webots/Device.hpp>

namespace webots {
  class TouchSensor : public Device {
  public:
    typedef enum { BUMPER = 0, FORCE, FORCE3D } Type;

    // Robot::getDevice() (or getTouchSensor()) hands out the robot's own object; use that.
    explicit TouchSensor(const std::string &name) : Device(name) {}
    explicit TouchSensor(WbDeviceTag tag) : Device(tag) {}
    virtual ~TouchSensor() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // a bumper's 0 or 1, a "force" sensor's value
    double getValue() const;
    // a "force-3d" sensor's x, y, z
    const double *getValues() const;
    int getLookupTableSize() const;
    // getLookupTableSize() rows of 3 doubles
    const double *getLookupTable() const;
    Type getType() const;
  };
}  // namespace webots

#endif  // TOUCHSENSOR_HPP
