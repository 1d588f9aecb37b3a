// webots-shim C++ API: the RotationalMotor and LinearMotor devices (wraps motor.h).
#ifndef MOTOR_HPP
#define MOTOR_HPP

#include <webots/Device.hpp>

#include <math.h>  // INFINITY, for setPosition(INFINITY): velocity control

namespace webots {
  class Brake;
  class PositionSensor;

  class Motor : public Device {
  public:
    typedef enum { ROTATIONAL = 0, LINEAR } Type;

    // Robot::getDevice() (or getMotor()) hands out the robot's own object; use that.
    explicit Motor(const std::string &name) : Device(name), brake(NULL), positionSensor(NULL) {}
    explicit Motor(WbDeviceTag tag) : Device(tag), brake(NULL), positionSensor(NULL) {}
    virtual ~Motor() {}

    virtual void setPosition(double position);
    virtual void setVelocity(double vel);
    virtual void setAcceleration(double acceleration);
    virtual void setAvailableForce(double availableForce);
    virtual void setAvailableTorque(double availableTorque);
    virtual void setControlPID(double p, double i, double d);

    double getTargetPosition() const;
    double getMinPosition() const;
    double getMaxPosition() const;
    double getVelocity() const;
    double getMaxVelocity() const;
    double getAcceleration() const;
    double getAvailableForce() const;
    double getMaxForce() const;
    double getAvailableTorque() const;
    double getMaxTorque() const;
    double getMultiplier() const;

    virtual void enableForceFeedback(int samplingPeriod);
    virtual void disableForceFeedback();
    int getForceFeedbackSamplingPeriod() const;
    double getForceFeedback() const;

    virtual void enableTorqueFeedback(int samplingPeriod);
    virtual void disableTorqueFeedback();
    int getTorqueFeedbackSamplingPeriod() const;
    double getTorqueFeedback() const;

    virtual void setForce(double force);
    virtual void setTorque(double torque);

    Type getType() const;

    // the devices on the same joint axis (NULL when none)
    Brake *getBrake();
    PositionSensor *getPositionSensor();

    // their tags (0 when none)
    int getBrakeTag() const;
    int getPositionSensorTag() const;

  private:
    Brake *brake;
    PositionSensor *positionSensor;
  };
}  // namespace webots

#endif  // MOTOR_HPP
