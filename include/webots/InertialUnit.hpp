// webots-shim C++ API: the InertialUnit device (wraps inertial_unit.h).
#ifndef INERTIAL_UNIT_HPP
#define INERTIAL_UNIT_HPP

#include <webots/Device.hpp>

namespace webots {
  class InertialUnit : public Device {
  public:
    // Robot::getDevice() (or getInertialUnit()) hands out the robot's own object; use that.
    explicit InertialUnit(const std::string &name) : Device(name) {}
    explicit InertialUnit(WbDeviceTag tag) : Device(tag) {}
    virtual ~InertialUnit() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // roll, pitch and yaw (rad), 3 doubles
    const double *getRollPitchYaw() const;
    // x, y, z, w
    const double *getQuaternion() const;
    double getNoise() const;
  };
}  // namespace webots

#endif  // INERTIAL_UNIT_HPP
