// webots-shim C++ API: the Compass device (wraps compass.h).
#ifndef COMPASS_HPP
#define COMPASS_HPP

#include <webots/Device.hpp>

namespace webots {
  class Compass : public Device {
  public:
    // Robot::getDevice() (or getCompass()) hands out the robot's own object; use that.
    explicit Compass(const std::string &name) : Device(name) {}
    explicit Compass(WbDeviceTag tag) : Device(tag) {}
    virtual ~Compass() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // the north direction in the compass's frame, 3 doubles
    const double *getValues() const;
    int getLookupTableSize() const;
    // getLookupTableSize() rows of 3 doubles
    const double *getLookupTable() const;
  };
}  // namespace webots

#endif  // COMPASS_HPP
