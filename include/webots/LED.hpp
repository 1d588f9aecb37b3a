// webots-shim C++ API: the LED device (wraps led.h).
#ifndef LED_HPP
#define LED_HPP

#include <webots/Device.hpp>

namespace webots {
  class LED : public Device {
  public:
    // Robot::getDevice() (or getLED()) hands out the robot's own object; use that.
    explicit LED(const std::string &name) : Device(name) {}
    explicit LED(WbDeviceTag tag) : Device(tag) {}
    virtual ~LED() {}

    // 0 is off; see led.h for what other values light
    virtual void set(int value);
    // the value this controller last set
    int get() const;
  };
}  // namespace webots

#endif  // LED_HPP
