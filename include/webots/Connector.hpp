// webots-shim C++ API: the Connector device (wraps connector.h).
#ifndef CONNECTOR_HPP
#define CONNECTOR_HPP

#include <webots/Device.hpp>

namespace webots {
  class Connector : public Device {
  public:
    // Robot::getDevice() (or getConnector()) hands out the robot's own object; use that.
    explicit Connector(const std::string &name) : Device(name) {}
    explicit Connector(WbDeviceTag tag) : Device(tag) {}
    virtual ~Connector() {}

    virtual void enablePresence(int samplingPeriod);
    virtual void disablePresence();
    int getPresenceSamplingPeriod() const;
    // 1: a peer is there to lock onto, 0: none, -1: not sampled
    int getPresence() const;
    bool isLocked() const;
    virtual void lock();
    virtual void unlock();
  };
}  // namespace webots

#endif  // CONNECTOR_HPP
