// webots-shim C++ API: the VacuumGripper device (wraps vacuum_gripper.h).
#ifndef VACUUM_GRIPPER_HPP
#define VACUUM_GRIPPER_HPP

#include <webots/Device.hpp>

namespace webots {
  class VacuumGripper : public Device {
  public:
    // Robot::getDevice() (or getVacuumGripper()) hands out the robot's own object; use that.
    explicit VacuumGripper(const std::string &name) : Device(name) {}
    explicit VacuumGripper(WbDeviceTag tag) : Device(tag) {}
    virtual ~VacuumGripper() {}

    virtual void enablePresence(int samplingPeriod);
    virtual void disablePresence();
    int getPresenceSamplingPeriod() const;
    bool getPresence() const;
    bool isOn() const;
    virtual void turnOn();
    virtual void turnOff();
  };
}  // namespace webots

#endif  // VACUUM_GRIPPER_HPP
