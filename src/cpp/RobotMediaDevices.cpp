// Robot's typed lookups and factories for the cameras, range finders, lidars, radars, displays, light
// sensors, altimeters, pens, speakers, skins and vacuum grippers (the rest is in RobotDevices.cpp).
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/nodes.h>
#include <webots/Altimeter.hpp>
#include <webots/Camera.hpp>
#include <webots/Display.hpp>
#include <webots/Lidar.hpp>
#include <webots/LightSensor.hpp>
#include <webots/Pen.hpp>
#include <webots/Radar.hpp>
#include <webots/RangeFinder.hpp>
#include <webots/Robot.hpp>
#include <webots/Skin.hpp>
#include <webots/Speaker.hpp>
#include <webots/VacuumGripper.hpp>

using namespace webots;

namespace {
  // `device` when it is a node of `type` and an object of class T.
  template <typename T> T *typed(Device *device, int type) {
    return device && Device::hasType(device->getTag(), type) ? dynamic_cast<T *>(device) : NULL;
  }
}  // namespace

// Robot::getX(name): the device named `name` when it is an X (NULL otherwise); Robot::createX(tag): the
// factory a subclass may override.
#define TYPED_LOOKUP(Class, TYPE)                         \
  Class *Robot::get##Class(const std::string &name) {     \
    return typed<Class>(getDevice(name), TYPE);           \
  }                                                       \
  Class *Robot::create##Class(WbDeviceTag tag) const {    \
    return new Class(tag);                                \
  }

TYPED_LOOKUP(Altimeter, WB_NODE_ALTIMETER)
TYPED_LOOKUP(Camera, WB_NODE_CAMERA)
TYPED_LOOKUP(Display, WB_NODE_DISPLAY)
TYPED_LOOKUP(Lidar, WB_NODE_LIDAR)
TYPED_LOOKUP(LightSensor, WB_NODE_LIGHT_SENSOR)
TYPED_LOOKUP(Pen, WB_NODE_PEN)
TYPED_LOOKUP(Radar, WB_NODE_RADAR)
TYPED_LOOKUP(RangeFinder, WB_NODE_RANGE_FINDER)
TYPED_LOOKUP(Skin, WB_NODE_SKIN)
TYPED_LOOKUP(Speaker, WB_NODE_SPEAKER)
TYPED_LOOKUP(VacuumGripper, WB_NODE_VACUUM_GRIPPER)
