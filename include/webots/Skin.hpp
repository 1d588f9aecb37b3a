// webots-shim C++ API: the Skin device (wraps skin.h).
#ifndef SKIN_HPP
#define SKIN_HPP

#include <webots/Device.hpp>

namespace webots {
  class Skin : public Device {
  public:
    // Robot::getDevice() (or getSkin()) hands out the robot's own object; use that.
    explicit Skin(const std::string &name) : Device(name) {}
    explicit Skin(WbDeviceTag tag) : Device(tag) {}
    virtual ~Skin() {}

    void setBoneOrientation(int index, const double orientation[4], bool absolute);
    void setBonePosition(int index, const double position[3], bool absolute);
    int getBoneCount() const;
    const std::string getBoneName(int index) const;
    const double *getBoneOrientation(int index, bool absolute) const;
    const double *getBonePosition(int index, bool absolute) const;
  };
}  // namespace webots

#endif  // SKIN_HPP
