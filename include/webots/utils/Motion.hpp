// webots-shim C++ API: a motion file played onto the robot's motors (wraps utils/motion.h).
#ifndef MOTION_HPP
#define MOTION_HPP

#define WB_USING_CPP_API
#include <string>
#include "../../../c/webots/types.h"

namespace webots {
  class Motion {
  public:
    // loads the file; isValid() says whether it could be read
    explicit Motion(const std::string &fileName);
    bool isValid() const;
    virtual ~Motion();
    virtual void play();
    virtual void stop();
    // in milliseconds
    int getDuration() const;
    int getTime() const;
    virtual void setTime(int time);
    virtual void setReverse(bool reverse);
    virtual void setLoop(bool loop);
    bool isOver() const;

  protected:
    WbMotionRef getMotionRef() const { return motionRef; }

  private:
    Motion(const Motion &) = delete;
    Motion &operator=(const Motion &) = delete;

    WbMotionRef motionRef;
  };
}  // namespace webots

#endif  // MOTION_HPP
