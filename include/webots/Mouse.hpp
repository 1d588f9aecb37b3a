// webots-shim C++ API: the mouse over the 3D view (wraps mouse.h; a headless run has no view).
#ifndef MOUSE_HPP
#define MOUSE_HPP

#include "../../c/webots/mouse_state.h"

namespace webots {
  typedef WbMouseState MouseState;

  class Mouse {
  public:
    // Robot::getMouse() hands out the robot's own object; use that.
    Mouse() {}
    virtual ~Mouse() {}
    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    void enable3dPosition();
    void disable3dPosition();
    bool is3dPositionEnabled() const;
    MouseState getState() const;
  };
}  // namespace webots

#endif  // MOUSE_HPP
