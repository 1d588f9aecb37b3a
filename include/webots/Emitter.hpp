// webots-shim C++ API: the Emitter device (wraps emitter.h).
#ifndef EMITTER_HPP
#define EMITTER_HPP

#include <webots/Device.hpp>

namespace webots {
  class Emitter : public Device {
  public:
    // Robot::getDevice() (or getEmitter()) hands out the robot's own object; use that.
    explicit Emitter(const std::string &name) : Device(name) {}
    explicit Emitter(WbDeviceTag tag) : Device(tag) {}
    virtual ~Emitter() {}

    enum { CHANNEL_BROADCAST = -1 };

    virtual int send(const void *data, int size);
    int getBufferSize() const;
    virtual void setChannel(int channel);
    int getChannel() const;
    double getRange() const;
    virtual void setRange(double range);
  };
}  // namespace webots

#endif  // EMITTER_HPP
