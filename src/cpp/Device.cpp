// Device: name, model and type of a device, read from the C API by tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/Device.hpp>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

Device::Device(const std::string &name) : tag(wb_robot_get_device(name.c_str())), name(name) {
}

Device::Device(WbDeviceTag tag) : tag(tag), name(text(wb_device_get_name(tag))) {
}

std::string Device::getModel() const {
  return text(wb_device_get_model(tag));
}

int Device::getNodeType() const {
  return wb_device_get_node_type(tag);
}

bool Device::hasType(int tag, int type) {
  return tag != 0 && wb_device_get_node_type(static_cast<WbDeviceTag>(tag)) == type;
}
