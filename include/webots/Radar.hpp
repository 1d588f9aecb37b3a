// webots-shim C++ API: the Radar device (wraps radar.h).
#ifndef RADAR_HPP
#define RADAR_HPP

#include <webots/Device.hpp>
#include "../../c/webots/radar_target.h"

namespace webots {
  typedef WbRadarTarget RadarTarget;

  class Radar : public Device {
  public:
    // Robot::getDevice() (or getRadar()) hands out the robot's own object; use that.
    explicit Radar(const std::string &name) : Device(name) {}
    explicit Radar(WbDeviceTag tag) : Device(tag) {}
    virtual ~Radar() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    int getNumberOfTargets() const;
    // getNumberOfTargets() targets of the last sample
    const RadarTarget *getTargets() const;
    double getMinRange() const;
    double getMaxRange() const;
    double getHorizontalFov() const;
    double getVerticalFov() const;
  };
}  // namespace webots

#endif  // RADAR_HPP
