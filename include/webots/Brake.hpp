// webots-shim C++ API: the Brake device (wraps brake.h).
#ifndef BRAKE_HPP
#define BRAKE_HPP

#include <stdio.h>  // Webots' Brake.hpp brings it in; controllers may rely on it
#include <webots/Device.hpp>

namespace webots {
  class Motor;
  class PositionSensor;

  class Brake : public Device {
  public:
    typedef enum { ROTATIONAL = 0, LINEAR } Type;

    // Robot::getDevice() (or getBrake()) hands out the robot's own object; use that.
    explicit Brake(const std::string &name) : Device(name), motor(NULL), positionSensor(NULL) {}
    explicit Brake(WbDeviceTag tag) : Device(tag), motor(NULL), positionSensor(NULL) {}
    virtual ~Brake() {}

    Type getType() const;
    // added to the joint axis' own damping from the next step
    void setDampingConstant(double dampingConstant) const;

    // the devices on the same joint axis (NULL when none)
    Motor *getMotor();
    PositionSensor *getPositionSensor();

    // their tags (0 when none)
    int getMotorTag() const;
    int getPositionSensorTag() const;

    // the name of ROTATIONAL before Webots R2018b
    enum { ANGULAR = 0 };

  private:
    Motor *motor;
    PositionSensor *positionSensor;
  };
}  // namespace webots

#endif  // BRAKE_HPP
