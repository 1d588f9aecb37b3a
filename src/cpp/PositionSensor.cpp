// PositionSensor: forwards to position_sensor.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/position_sensor.h>
#include <webots/Brake.hpp>
#include <webots/Motor.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Robot.hpp>

using namespace webots;

void PositionSensor::enable(int samplingPeriod) {
  wb_position_sensor_enable(getTag(), samplingPeriod);
}

void PositionSensor::disable() {
  wb_position_sensor_disable(getTag());
}

int PositionSensor::getSamplingPeriod() const {
  return wb_position_sensor_get_sampling_period(getTag());
}

double PositionSensor::getValue() const {
  return wb_position_sensor_get_value(getTag());
}

PositionSensor::Type PositionSensor::getType() const {
  return static_cast<Type>(wb_position_sensor_get_type(getTag()));
}

Brake *PositionSensor::getBrake() {
  if (brake == NULL)
    brake = dynamic_cast<Brake *>(Robot::getDeviceFromTag(getBrakeTag()));
  return brake;
}

Motor *PositionSensor::getMotor() {
  if (motor == NULL)
    motor = dynamic_cast<Motor *>(Robot::getDeviceFromTag(getMotorTag()));
  return motor;
}

int PositionSensor::getBrakeTag() const {
  return wb_position_sensor_get_brake(getTag());
}

int PositionSensor::getMotorTag() const {
  return wb_position_sensor_get_motor(getTag());
}
