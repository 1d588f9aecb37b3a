// webots-shim C++ API: the Receiver device (wraps receiver.h).
#ifndef RECEIVER_HPP
#define RECEIVER_HPP

#include <webots/Device.hpp>

namespace webots {
  class Receiver : public Device {
  public:
    // Robot::getDevice() (or getReceiver()) hands out the robot's own object; use that.
    explicit Receiver(const std::string &name) : Device(name) {}
    explicit Receiver(WbDeviceTag tag) : Device(tag) {}
    virtual ~Receiver() {}

    enum { CHANNEL_BROADCAST = -1 };

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    virtual void setChannel(int channel);
    int getChannel() const;
    int getQueueLength() const;
    virtual void nextPacket();
    int getDataSize() const;
    const void *getData() const;
    double getSignalStrength() const;
    const double *getEmitterDirection() const;
  };
}  // namespace webots

#endif  // RECEIVER_HPP
