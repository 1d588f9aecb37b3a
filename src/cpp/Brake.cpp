// Brake: forwards to brake.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/brake.h>
#include <webots/Brake.hpp>
#include <webots/Motor.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Robot.hpp>

using namespace webots;

Brake::Type Brake::getType() const {
  return static_cast<Type>(wb_brake_get_type(getTag()));
}

void Brake::setDampingConstant(double dampingConstant) const {
  wb_brake_set_damping_constant(getTag(), dampingConstant);
}

Motor *Brake::getMotor() {
  if (motor == NULL)
    motor = dynamic_cast<Motor *>(Robot::getDeviceFromTag(getMotorTag()));
  return motor;
}

PositionSensor *Brake::getPositionSensor() {
  if (positionSensor == NULL)
    positionSensor = dynamic_cast<PositionSensor *>(Robot::getDeviceFromTag(getPositionSensorTag()));
  return positionSensor;
}

int Brake::getMotorTag() const {
  return wb_brake_get_motor(getTag());
}

int Brake::getPositionSensorTag() const {
  return wb_brake_get_position_sensor(getTag());
}
