// webots-shim C++ API: the Speaker device (wraps speaker.h).
#ifndef SPEAKER_HPP
#define SPEAKER_HPP

#include <webots/Device.hpp>

namespace webots {
  class Speaker : public Device {
  public:
    // Robot::getDevice() (or getSpeaker()) hands out the robot's own object; use that.
    explicit Speaker(const std::string &name) : Device(name) {}
    explicit Speaker(WbDeviceTag tag) : Device(tag) {}
    virtual ~Speaker() {}

    // left or right may be NULL
    static void playSound(Speaker *left, Speaker *right, const std::string &sound, double volume, double pitch,
                          double balance, bool loop);
    bool isSoundPlaying(const std::string &sound) const;
    void stop(const std::string &sound);
    bool setEngine(const std::string &engine);
    bool setLanguage(const std::string &language);
    std::string getEngine();
    std::string getLanguage();
    void speak(const std::string &text, double volume);
    bool isSpeaking() const;
  };
}  // namespace webots

#endif  // SPEAKER_HPP
