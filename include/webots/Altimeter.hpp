// webots-shim C++ API: the Altimeter device (wraps altimeter.h).
#ifndef ALTIMETER_HPP
#define ALTIMETER_HPP

#include <webots/Device.hpp>

namespace webots {
  class Altimeter : public Device {
  public:
    // Robot::getDevice() (or getAltimeter()) hands out the robot's own object; use that.
    explicit Altimeter(const std::string &name) : Device(name) {}
    explicit Altimeter(WbDeviceTag tag) : Device(tag) {}
    virtual ~Altimeter() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // the altitude in metres
    double getValue() const;
  };
}  // namespace webots

#endif  // ALTIMETER_HPP
