// webots-shim C++ API: the keyboard (wraps keyboard.h; a headless run reports no key).
#ifndef KEYBOARD_HPP
#define KEYBOARD_HPP

namespace webots {
  class Keyboard {
  public:
    // keyboard.h's key codes; getKey() & KEY is the key, the other bits the modifiers
    enum {
      END = 312,
      HOME,
      LEFT,
      UP,
      RIGHT,
      DOWN,
      PAGEUP = 366,
      PAGEDOWN,
      NUMPAD_HOME = 375,
      NUMPAD_LEFT,
      NUMPAD_UP,
      NUMPAD_RIGHT,
      NUMPAD_DOWN,
      NUMPAD_END = 382,
      KEY = 0x0000ffff,
      SHIFT = 0x00010000,
      CONTROL = 0x00020000,
      ALT = 0x00040000
    };

    // Robot::getKeyboard() hands out the robot's own object; use that.
    Keyboard() {}
    virtual ~Keyboard() {}
    virtual void enable(int samplingPeriod);
    virtual void disable();
    int getSamplingPeriod() const;
    // the next key pressed during the last step, -1 when none is left
    int getKey() const;
  };
}  // namespace webots

#endif  // KEYBOARD_HPP
