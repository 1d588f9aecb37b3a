// webots-shim C++ API: a joystick (wraps joystick.h; a headless run never has one connected).
#ifndef JOYSTICK_HPP
#define JOYSTICK_HPP

#include <string>

namespace webots {
  class Joystick {
  public:
    // Robot::getJoystick() hands out the robot's own object; use that.
    Joystick() {}
    virtual ~Joystick() {}
    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    bool isConnected() const;
    std::string getModel() const;
    int getNumberOfAxes() const;
    int getAxisValue(int axis) const;
    int getNumberOfPovs() const;
    int getPovValue(int pov) const;
    int getPressedButton() const;
    void setConstantForce(int level);
    void setConstantForceDuration(double duration);
    void setAutoCenteringGain(double gain);
    void setResistanceGain(double gain);
    void setForceAxis(int axis);
  };
}  // namespace webots

#endif  // JOYSTICK_HPP
