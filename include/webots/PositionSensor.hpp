// webots-shim C++ API: the PositionSensor device (wraps position_sensor.h).
#ifndef POSITION_SENSOR_HPP
#define POSITION_SENSOR_HPP

#include <webots/Device.hpp>

namespace webots {
  class Brake;
  class Motor;

  class PositionSensor : public Device {
  public:
    typedef enum { ROTATIONAL = 0, LINEAR } Type;

    // Robot::getDevice() (or getPositionSensor()) hands out the robot's own object; use that.
    explicit PositionSensor(const std::string &name) : Device(name), brake(NULL), motor(NULL) {}
    explicit PositionSensor(WbDeviceTag tag) : Device(tag), brake(NULL), motor(NULL) {}
    virtual ~PositionSensor() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // radians or metres; NaN before the first sample
    double getValue() const;
    Type getType() const;

    // the devices on the same joint axis (NULL when none)
    Brake *getBrake();
    Motor *getMotor();

    // their tags (0 when none)
    int getBrakeTag() const;
    int getMotorTag() const;

    // the name of ROTATIONAL before Webots R2018b
    enum { ANGULAR = 0 };

  private:
    Brake *brake;
    Motor *motor;
  };
}  // namespace webots

#endif  // POSITION_SENSOR_HPP
