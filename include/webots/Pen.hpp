// webots-shim C++ API: the Pen device (wraps pen.h).
#ifndef PEN_HPP
#define PEN_HPP

#include <webots/Device.hpp>

namespace webots {
  class Pen : public Device {
  public:
    // Robot::getDevice() (or getPen()) hands out the robot's own object; use that.
    explicit Pen(const std::string &name) : Device(name) {}
    explicit Pen(WbDeviceTag tag) : Device(tag) {}
    virtual ~Pen() {}

    virtual void write(bool write);
    // 0xRRGGBB, density in [0, 1]
    virtual void setInkColor(int color, double density);
  };
}  // namespace webots

#endif  // PEN_HPP
