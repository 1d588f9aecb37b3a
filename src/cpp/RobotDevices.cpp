// Robot's device objects: one per tag, made on first request by the virtual factories and kept in
// `deviceList` (index = tag, [0] unused) until the Robot goes. The list grows when the C side reports
// more devices (a supervisor imported some); existing objects keep their address.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/Brake.hpp>
#include <webots/Compass.hpp>
#include <webots/Connector.hpp>
#include <webots/Device.hpp>
#include <webots/Emitter.hpp>
#include <webots/LED.hpp>
#include <webots/Motor.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Receiver.hpp>
#include <webots/Robot.hpp>

using namespace webots;

std::vector<Device *> Robot::deviceList;

namespace {
  // A device of a kind the C++ API has no class for yet: name, model, type and tag still work.
  class PlainDevice : public Device {
  public:
    explicit PlainDevice(WbDeviceTag tag) : Device(tag) {}
  };

  template <typename T> T *typed(Device *device) {
    return dynamic_cast<T *>(device);
  }
}  // namespace

Device *Robot::getDevice(const std::string &name) {
  return getOrCreateDevice(wb_robot_get_device(name.c_str()));
}

Device *Robot::getDeviceByIndex(int index) {
  return getOrCreateDevice(wb_robot_get_device_by_index(index));
}

Device *Robot::getDeviceFromTag(int tag) {
  if (tag <= 0 || tag >= static_cast<int>(deviceList.size()))
    return NULL;
  return deviceList[tag];
}

Compass *Robot::getCompass(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_COMPASS) ? typed<Compass>(getOrCreateDevice(tag)) : NULL;
}

Connector *Robot::getConnector(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_CONNECTOR) ? typed<Connector>(getOrCreateDevice(tag)) : NULL;
}

Emitter *Robot::getEmitter(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_EMITTER) ? typed<Emitter>(getOrCreateDevice(tag)) : NULL;
}

Receiver *Robot::getReceiver(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_RECEIVER) ? typed<Receiver>(getOrCreateDevice(tag)) : NULL;
}

Motor *Robot::getMotor(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  const bool motor = Device::hasType(tag, WB_NODE_ROTATIONAL_MOTOR) || Device::hasType(tag, WB_NODE_LINEAR_MOTOR);
  return motor ? typed<Motor>(getOrCreateDevice(tag)) : NULL;
}

PositionSensor *Robot::getPositionSensor(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_POSITION_SENSOR) ? typed<PositionSensor>(getOrCreateDevice(tag)) : NULL;
}

Brake *Robot::getBrake(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_BRAKE) ? typed<Brake>(getOrCreateDevice(tag)) : NULL;
}

LED *Robot::getLED(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_LED) ? typed<LED>(getOrCreateDevice(tag)) : NULL;
}

Brake *Robot::createBrake(WbDeviceTag tag) const {
  return new Brake(tag);
}

LED *Robot::createLED(WbDeviceTag tag) const {
  return new LED(tag);
}

Motor *Robot::createMotor(WbDeviceTag tag) const {
  return new Motor(tag);
}

PositionSensor *Robot::createPositionSensor(WbDeviceTag tag) const {
  return new PositionSensor(tag);
}

Compass *Robot::createCompass(WbDeviceTag tag) const {
  return new Compass(tag);
}

Connector *Robot::createConnector(WbDeviceTag tag) const {
  return new Connector(tag);
}

Emitter *Robot::createEmitter(WbDeviceTag tag) const {
  return new Emitter(tag);
}

Receiver *Robot::createReceiver(WbDeviceTag tag) const {
  return new Receiver(tag);
}

Device *Robot::createDevice(WbDeviceTag tag) const {
  switch (wb_device_get_node_type(tag)) {
    case WB_NODE_COMPASS:
      return createCompass(tag);
    case WB_NODE_CONNECTOR:
      return createConnector(tag);
    case WB_NODE_EMITTER:
      return createEmitter(tag);
    case WB_NODE_RECEIVER:
      return createReceiver(tag);
    case WB_NODE_BRAKE:
      return createBrake(tag);
    case WB_NODE_LED:
      return createLED(tag);
    case WB_NODE_ROTATIONAL_MOTOR:
    case WB_NODE_LINEAR_MOTOR:
      return createMotor(tag);
    case WB_NODE_POSITION_SENSOR:
      return createPositionSensor(tag);
    default:
      return new PlainDevice(tag);
  }
}

Device *Robot::getOrCreateDevice(int tag) {
  if (tag <= 0)
    return NULL;
  const int count = wb_robot_get_number_of_devices();
  if (tag > count)
    return NULL;
  if (static_cast<int>(deviceList.size()) < count + 1)
    deviceList.resize(count + 1, NULL);
  // every device at once, as Webots does, so getDeviceFromTag() knows them all afterwards
  for (int t = 1; t <= count; t++) {
    if (deviceList[t] == NULL)
      deviceList[t] = createDevice(static_cast<WbDeviceTag>(t));
  }
  return deviceList[tag];
}
