// Motor: forwards to motor.h with the device's tag; the devices on the same joint axis are the robot's
// own objects.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/motor.h>
#include <webots/Brake.hpp>
#include <webots/Motor.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Robot.hpp>

using namespace webots;

void Motor::setPosition(double position) {
  wb_motor_set_position(getTag(), position);
}

void Motor::setVelocity(double vel) {
  wb_motor_set_velocity(getTag(), vel);
}

void Motor::setAcceleration(double acceleration) {
  wb_motor_set_acceleration(getTag(), acceleration);
}

void Motor::setAvailableForce(double availableForce) {
  wb_motor_set_available_force(getTag(), availableForce);
}

void Motor::setAvailableTorque(double availableTorque) {
  wb_motor_set_available_torque(getTag(), availableTorque);
}

void Motor::setControlPID(double p, double i, double d) {
  wb_motor_set_control_pid(getTag(), p, i, d);
}

double Motor::getTargetPosition() const {
  return wb_motor_get_target_position(getTag());
}

double Motor::getMinPosition() const {
  return wb_motor_get_min_position(getTag());
}

double Motor::getMaxPosition() const {
  return wb_motor_get_max_position(getTag());
}

double Motor::getVelocity() const {
  return wb_motor_get_velocity(getTag());
}

double Motor::getMaxVelocity() const {
  return wb_motor_get_max_velocity(getTag());
}

double Motor::getAcceleration() const {
  return wb_motor_get_acceleration(getTag());
}

double Motor::getAvailableForce() const {
  return wb_motor_get_available_force(getTag());
}

double Motor::getMaxForce() const {
  return wb_motor_get_max_force(getTag());
}

double Motor::getAvailableTorque() const {
  return wb_motor_get_available_torque(getTag());
}

double Motor::getMaxTorque() const {
  return wb_motor_get_max_torque(getTag());
}

double Motor::getMultiplier() const {
  return wb_motor_get_multiplier(getTag());
}

void Motor::enableForceFeedback(int samplingPeriod) {
  wb_motor_enable_force_feedback(getTag(), samplingPeriod);
}

void Motor::disableForceFeedback() {
  wb_motor_disable_force_feedback(getTag());
}

int Motor::getForceFeedbackSamplingPeriod() const {
  return wb_motor_get_force_feedback_sampling_period(getTag());
}

double Motor::getForceFeedback() const {
  return wb_motor_get_force_feedback(getTag());
}

void Motor::enableTorqueFeedback(int samplingPeriod) {
  wb_motor_enable_torque_feedback(getTag(), samplingPeriod);
}

void Motor::disableTorqueFeedback() {
  wb_motor_disable_torque_feedback(getTag());
}

int Motor::getTorqueFeedbackSamplingPeriod() const {
  return wb_motor_get_torque_feedback_sampling_period(getTag());
}

double Motor::getTorqueFeedback() const {
  return wb_motor_get_torque_feedback(getTag());
}

void Motor::setForce(double force) {
  wb_motor_set_force(getTag(), force);
}

void Motor::setTorque(double torque) {
  wb_motor_set_torque(getTag(), torque);
}

Motor::Type Motor::getType() const {
  return static_cast<Type>(wb_motor_get_type(getTag()));
}

Brake *Motor::getBrake() {
  if (brake == NULL)
    brake = dynamic_cast<Brake *>(Robot::getDeviceFromTag(getBrakeTag()));
  return brake;
}

PositionSensor *Motor::getPositionSensor() {
  if (positionSensor == NULL)
    positionSensor = dynamic_cast<PositionSensor *>(Robot::getDeviceFromTag(getPositionSensorTag()));
  return positionSensor;
}

int Motor::getBrakeTag() const {
  return wb_motor_get_brake(getTag());
}

int Motor::getPositionSensorTag() const {
  return wb_motor_get_position_sensor(getTag());
}
