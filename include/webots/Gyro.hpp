// webots-shim C++ API: the Gyro device (wraps gyro.h).
#ifndef GYRO_HPP
#define GYRO_HPP

#include <webots/Device.hpp>

namespace webots {
  class Gyro : public Device {
  public:
    // Robot::getDevice() (or getGyro()) hands out the robot's own object; use that.
    explicit Gyro(const std::string &name) : Device(name) {}
    explicit Gyro(WbDeviceTag tag) : Device(tag) {}
    virtual ~Gyro() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // angular velocity about the device's x, y and z axes (rad/s), 3 doubles
    const double *getValues() const;
    int getLookupTableSize() const;
    // getLookupTableSize() rows of 3 doubles
    const double *getLookupTable() const;
  };
}  // namespace webots

#endif  // GYRO_HPP
