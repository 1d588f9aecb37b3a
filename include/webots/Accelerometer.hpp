// webots-shim C++ API: the Accelerometer device (wraps accelerometer.h).
#ifndef ACCELEROMETER_HPP
#define ACCELEROMETER_HPP

#include <webots/Device.hpp>

namespace webots {
  class Accelerometer : public Device {
  public:
    // Robot::getDevice() (or getAccelerometer()) hands out the robot's own object; use that.
    explicit Accelerometer(const std::string &name) : Device(name) {}
    explicit Accelerometer(WbDeviceTag tag) : Device(tag) {}
    virtual ~Accelerometer() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // the specific force along the device's x, y and z axes (m/s²), 3 doubles
    const double *getValues() const;
    int getLookupTableSize() const;
    // getLookupTableSize() rows of 3 doubles
    const double *getLookupTable() const;
  };
}  // namespace webots

#endif  // ACCELEROMETER_HPP
