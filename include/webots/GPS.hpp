// webots-shim C++ API: the GPS device (wraps gps.h).
#ifndef GPS_HPP
#define GPS_HPP

#include <webots/Device.hpp>

namespace webots {
  class GPS : public Device {
  public:
    typedef enum { LOCAL = 0, WGS84 } CoordinateSystem;

    // Robot::getDevice() (or getGPS()) hands out the robot's own object; use that.
    explicit GPS(const std::string &name) : Device(name) {}
    explicit GPS(WbDeviceTag tag) : Device(tag) {}
    virtual ~GPS() {}

    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // x, y, z (or latitude, longitude, altitude), 3 doubles
    const double *getValues() const;
    // (Webots declares these two with a const return type, which -Wextra flags; the ABI is the same)
    double getSpeed() const;
    // m/s in world coordinates, 3 doubles
    const double *getSpeedVector() const;
    CoordinateSystem getCoordinateSystem() const;
    // "D° M′ S″"
    static std::string convertToDegreesMinutesSeconds(double decimalDegree);
  };
}  // namespace webots

#endif  // GPS_HPP
