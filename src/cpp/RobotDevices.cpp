// Robot's device objects: one per tag, made on first request by the virtual factories and kept in
// `deviceList` (index = tag, [0] unused) until the Robot goes. The list grows when the C side reports
// more devices (a supervisor imported some); existing objects keep their address.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/Accelerometer.hpp>
#include <webots/Altimeter.hpp>
#include <webots/Brake.hpp>
#include <webots/Camera.hpp>
#include <webots/Compass.hpp>
#include <webots/Connector.hpp>
#include <webots/Device.hpp>
#include <webots/Display.hpp>
#include <webots/DistanceSensor.hpp>
#include <webots/Emitter.hpp>
#include <webots/GPS.hpp>
#include <webots/Gyro.hpp>
#include <webots/InertialUnit.hpp>
#include <webots/LED.hpp>
#include <webots/Lidar.hpp>
#include <webots/LightSensor.hpp>
#include <webots/Motor.hpp>
#include <webots/Pen.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Radar.hpp>
#include <webots/RangeFinder.hpp>
#include <webots/Receiver.hpp>
#include <webots/Robot.hpp>
#include <webots/Skin.hpp>
#include <webots/Speaker.hpp>
#include <webots/TouchSensor.hpp>
#include <webots/VacuumGripper.hpp>
// the sensors computed from the world

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

Accelerometer *Robot::getAccelerometer(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_ACCELEROMETER) ? typed<Accelerometer>(getOrCreateDevice(tag)) : NULL;
}

DistanceSensor *Robot::getDistanceSensor(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_DISTANCE_SENSOR) ? typed<DistanceSensor>(getOrCreateDevice(tag)) : NULL;
}

GPS *Robot::getGPS(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_GPS) ? typed<GPS>(getOrCreateDevice(tag)) : NULL;
}

Gyro *Robot::getGyro(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_GYRO) ? typed<Gyro>(getOrCreateDevice(tag)) : NULL;
}

InertialUnit *Robot::getInertialUnit(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_INERTIAL_UNIT) ? typed<InertialUnit>(getOrCreateDevice(tag)) : NULL;
}

TouchSensor *Robot::getTouchSensor(const std::string &name) {
  const WbDeviceTag tag = wb_robot_get_device(name.c_str());
  return Device::hasType(tag, WB_NODE_TOUCH_SENSOR) ? typed<TouchSensor>(getOrCreateDevice(tag)) : NULL;
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

Accelerometer *Robot::createAccelerometer(WbDeviceTag tag) const {
  return new Accelerometer(tag);
}

DistanceSensor *Robot::createDistanceSensor(WbDeviceTag tag) const {
  return new DistanceSensor(tag);
}

GPS *Robot::createGPS(WbDeviceTag tag) const {
  return new GPS(tag);
}

Gyro *Robot::createGyro(WbDeviceTag tag) const {
  return new Gyro(tag);
}

InertialUnit *Robot::createInertialUnit(WbDeviceTag tag) const {
  return new InertialUnit(tag);
}

TouchSensor *Robot::createTouchSensor(WbDeviceTag tag) const {
  return new TouchSensor(tag);
}

Device *Robot::createDevice(WbDeviceTag tag) const {
  switch (wb_device_get_node_type(tag)) {
    case WB_NODE_BRAKE:
      return createBrake(tag);
    case WB_NODE_LED:
      return createLED(tag);
    case WB_NODE_ROTATIONAL_MOTOR:
    case WB_NODE_LINEAR_MOTOR:
      return createMotor(tag);
    case WB_NODE_POSITION_SENSOR:
      return createPositionSensor(tag);
    case WB_NODE_COMPASS:
      return createCompass(tag);
    case WB_NODE_CONNECTOR:
      return createConnector(tag);
    case WB_NODE_EMITTER:
      return createEmitter(tag);
    case WB_NODE_RECEIVER:
      return createReceiver(tag);
    case WB_NODE_ACCELEROMETER:
      return createAccelerometer(tag);
    case WB_NODE_DISTANCE_SENSOR:
      return createDistanceSensor(tag);
    case WB_NODE_GPS:
      return createGPS(tag);
    case WB_NODE_GYRO:
      return createGyro(tag);
    case WB_NODE_INERTIAL_UNIT:
      return createInertialUnit(tag);
    case WB_NODE_TOUCH_SENSOR:
      return createTouchSensor(tag);
    case WB_NODE_ALTIMETER:
      return createAltimeter(tag);
    case WB_NODE_CAMERA:
      return createCamera(tag);
    case WB_NODE_DISPLAY:
      return createDisplay(tag);
    case WB_NODE_LIDAR:
      return createLidar(tag);
    case WB_NODE_LIGHT_SENSOR:
      return createLightSensor(tag);
    case WB_NODE_PEN:
      return createPen(tag);
    case WB_NODE_RADAR:
      return createRadar(tag);
    case WB_NODE_RANGE_FINDER:
      return createRangeFinder(tag);
    case WB_NODE_SKIN:
      return createSkin(tag);
    case WB_NODE_SPEAKER:
      return createSpeaker(tag);
    case WB_NODE_VACUUM_GRIPPER:
      return createVacuumGripper(tag);
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
