// Pen, Speaker, Skin and VacuumGripper: forward to their C headers with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/pen.h>
#include <webots/skin.h>
#include <webots/speaker.h>
#include <webots/vacuum_gripper.h>
#include <webots/Pen.hpp>
#include <webots/Skin.hpp>
#include <webots/Speaker.hpp>
#include <webots/VacuumGripper.hpp>

using namespace webots;

void Pen::write(bool write) {
  wb_pen_write(getTag(), write);
}

void Pen::setInkColor(int color, double density) {
  wb_pen_set_ink_color(getTag(), color, density);
}

void Speaker::playSound(Speaker *left, Speaker *right, const std::string &sound, double volume, double pitch,
                        double balance, bool loop) {
  const WbDeviceTag l = left ? static_cast<WbDeviceTag>(left->getTag()) : 0;
  const WbDeviceTag r = right ? static_cast<WbDeviceTag>(right->getTag()) : 0;
  wb_speaker_play_sound(l, r, sound.c_str(), volume, pitch, balance, loop);
}

bool Speaker::isSoundPlaying(const std::string &sound) const {
  return wb_speaker_is_sound_playing(getTag(), sound.c_str());
}

void Speaker::stop(const std::string &sound) {
  wb_speaker_stop(getTag(), sound.c_str());
}

bool Speaker::setEngine(const std::string &engine) {
  return wb_speaker_set_engine(getTag(), engine.c_str());
}

bool Speaker::setLanguage(const std::string &language) {
  return wb_speaker_set_language(getTag(), language.c_str());
}

std::string Speaker::getEngine() {
  const char *engine = wb_speaker_get_engine(getTag());
  return engine ? engine : "";
}

std::string Speaker::getLanguage() {
  const char *language = wb_speaker_get_language(getTag());
  return language ? language : "";
}

void Speaker::speak(const std::string &text, double volume) {
  wb_speaker_speak(getTag(), text.c_str(), volume);
}

bool Speaker::isSpeaking() const {
  return wb_speaker_is_speaking(getTag());
}

void Skin::setBoneOrientation(int index, const double orientation[4], bool absolute) {
  wb_skin_set_bone_orientation(getTag(), index, orientation, absolute);
}

void Skin::setBonePosition(int index, const double position[3], bool absolute) {
  wb_skin_set_bone_position(getTag(), index, position, absolute);
}

int Skin::getBoneCount() const {
  return wb_skin_get_bone_count(getTag());
}

const std::string Skin::getBoneName(int index) const {
  const char *name = wb_skin_get_bone_name(getTag(), index);
  return name ? name : "";
}

const double *Skin::getBoneOrientation(int index, bool absolute) const {
  return wb_skin_get_bone_orientation(getTag(), index, absolute);
}

const double *Skin::getBonePosition(int index, bool absolute) const {
  return wb_skin_get_bone_position(getTag(), index, absolute);
}

void VacuumGripper::enablePresence(int samplingPeriod) {
  wb_vacuum_gripper_enable_presence(getTag(), samplingPeriod);
}

void VacuumGripper::disablePresence() {
  wb_vacuum_gripper_disable_presence(getTag());
}

int VacuumGripper::getPresenceSamplingPeriod() const {
  return wb_vacuum_gripper_get_presence_sampling_period(getTag());
}

bool VacuumGripper::getPresence() const {
  return wb_vacuum_gripper_get_presence(getTag());
}

bool VacuumGripper::isOn() const {
  return wb_vacuum_gripper_is_on(getTag());
}

void VacuumGripper::turnOn() {
  wb_vacuum_gripper_turn_on(getTag());
}

void VacuumGripper::turnOff() {
  wb_vacuum_gripper_turn_off(getTag());
}
