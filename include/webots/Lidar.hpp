// webots-shim C++ API: the Lidar device (wraps lidar.h).
#ifndef LIDAR_HPP
#define LIDAR_HPP

#include <webots/Device.hpp>
#include "../../c/webots/lidar_point.h"

namespace webots {
  typedef WbLidarPoint LidarPoint;

  class Lidar : public Device {
  public:
    // Robot::getDevice() (or getLidar()) hands out the robot's own object; use that.
    explicit Lidar(const std::string &name) : Device(name) {}
    explicit Lidar(WbDeviceTag tag) : Device(tag) {}
    virtual ~Lidar() {}

    virtual void enable(int samplingPeriod);
    void enablePointCloud();
    virtual void disable();
    void disablePointCloud();
    int getSamplingPeriod() const;
    bool isPointCloudEnabled() const;
    const float *getRangeImage() const;
    const float *getLayerRangeImage(int layer) const;
    const LidarPoint *getPointCloud() const;
    const LidarPoint *getLayerPointCloud(int layer) const;
    int getNumberOfPoints() const;
    int getHorizontalResolution() const;
    int getNumberOfLayers() const;
    double getMinFrequency() const;
    double getMaxFrequency() const;
    double getFrequency() const;
    void setFrequency(double frequency);
    double getFov() const;
    double getVerticalFov() const;
    double getMinRange() const;
    double getMaxRange() const;
  };
}  // namespace webots

#endif  // LIDAR_HPP
