// webots-shim C++ API: what every device object has (name, model, node type, tag).
#ifndef DEVICE_HPP
#define DEVICE_HPP

#define WB_USING_CPP_API
#include <string>
#include "../../c/webots/types.h"

namespace webots {
  class Device {
  public:
    virtual ~Device() {}
    const std::string &getName() const { return name; }
    std::string getModel() const;
    int getNodeType() const;
    int getTag() const { return tag; }

    // Whether device `tag` (never the robot, tag 0) is a node of `type` (a WbNodeType value).
    static bool hasType(int tag, int type);

  protected:
    // Looks the device up by name (tag 0 when there is none).
    explicit Device(const std::string &name);
    explicit Device(WbDeviceTag tag);

  private:
    WbDeviceTag tag;
    std::string name;
  };
}  // namespace webots

#endif  // DEVICE_HPP
