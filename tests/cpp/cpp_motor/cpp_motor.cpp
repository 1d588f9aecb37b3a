// Motor, PositionSensor, Brake and LED through the C++ API, for tests/cpp_api.rs: the devices of one
// joint axis find each other as the robot's own objects, a kinematic hinge reaches its target, a slider
// is LINEAR, an LED returns what was set, and a bad value gets the C API's message.
#include <webots/Brake.hpp>
#include <webots/LED.hpp>
#include <webots/Motor.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Robot.hpp>

#include <cmath>

#include "check.h"

using namespace webots;

int main() {
  Robot *robot = new Robot();
  const int step = static_cast<int>(robot->getBasicTimeStep());
  Motor *motor = robot->getMotor("hinge motor");
  CHECK(motor != NULL && motor == robot->getDevice("hinge motor"), "motor");
  CHECK(robot->getMotor("hinge sensor") == NULL, "a position sensor is no motor");
  PositionSensor *sensor = motor->getPositionSensor();
  Brake *brake = motor->getBrake();
  CHECK(sensor != NULL && sensor == robot->getPositionSensor("hinge sensor"), "sensor");
  CHECK(brake != NULL && brake == robot->getBrake("hinge brake"), "brake");
  CHECK(sensor->getMotor() == motor && sensor->getBrake() == brake, "the sensor's siblings");
  CHECK(brake->getMotor() == motor && brake->getPositionSensor() == sensor, "the brake's siblings");
  CHECK_INT(motor->getType(), Motor::ROTATIONAL);
  CHECK_INT(sensor->getType(), PositionSensor::ROTATIONAL);
  CHECK_INT(brake->getType(), Brake::ROTATIONAL);
  Motor *slider = robot->getMotor("slider motor");
  CHECK(slider != NULL && slider->getType() == Motor::LINEAR, "linear motor");
  CHECK(slider->getPositionSensor() == NULL && slider->getBrake() == NULL, "nothing beside the slider's motor");
  CHECK_DOUBLE(motor->getMaxTorque(), 10.0);
  CHECK_DOUBLE(motor->getMaxVelocity(), 2.0);

  sensor->enable(step);
  brake->setDampingConstant(0.5);
  motor->setVelocity(1.0);
  motor->setPosition(0.3);
  CHECK_DOUBLE(motor->getTargetPosition(), 0.3);
  CHECK_DOUBLE(motor->getVelocity(), 1.0);
  motor->setVelocity(-1.0);  // refused in position control, with the C API's message
  CHECK_DOUBLE(motor->getVelocity(), 1.0);
  for (int i = 0; i < 20; i++)
    robot->step(step);
  CHECK(std::fabs(sensor->getValue() - 0.3) < 1e-12, "the hinge at %.17g", sensor->getValue());

  LED *led = robot->getLED("lamp");
  CHECK(led != NULL && led->get() == 0, "LED");
  led->set(1);
  CHECK_INT(led->get(), 1);
  robot->step(step);

  std::printf("cpp_motor: hinge at %.3f\n", sensor->getValue());
  delete robot;
  return 0;
}
