// webots-shim C++ API: the RangeFinder device (wraps range_finder.h).
#ifndef RANGE_FINDER_HPP
#define RANGE_FINDER_HPP

#include <webots/Device.hpp>

namespace webots {
  class RangeFinder : public Device {
  public:
    // Robot::getDevice() (or getRangeFinder()) hands out the robot's own object; use that.
    explicit RangeFinder(const std::string &name) : Device(name) {}
    explicit RangeFinder(WbDeviceTag tag) : Device(tag) {}
    virtual ~RangeFinder() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // width × height floats (metres), rows top to bottom
    const float *getRangeImage() const;
    int getWidth() const;
    int getHeight() const;
    double getFov() const;
    double getMinRange() const;
    double getMaxRange() const;
    int saveImage(const std::string &filename, int quality) const;
    static float rangeImageGetDepth(const float *image, int width, int x, int y);
  };
}  // namespace webots

#endif  // RANGE_FINDER_HPP
