// Motion: forwards to the wbu_motion_* functions of utils/motion.h; the object owns its motion.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/utils/motion.h>
#include <webots/utils/Motion.hpp>

using namespace webots;

Motion::Motion(const std::string &fileName) : motionRef(wbu_motion_new(fileName.c_str())) {
}

Motion::~Motion() {
  if (motionRef != NULL)
    wbu_motion_delete(motionRef);
}

bool Motion::isValid() const {
  return motionRef != NULL;
}

void Motion::play() {
  wbu_motion_play(motionRef);
}

void Motion::stop() {
  wbu_motion_stop(motionRef);
}

int Motion::getDuration() const {
  return wbu_motion_get_duration(motionRef);
}

int Motion::getTime() const {
  return wbu_motion_get_time(motionRef);
}

void Motion::setTime(int time) {
  wbu_motion_set_time(motionRef, time);
}

void Motion::setReverse(bool reverse) {
  wbu_motion_set_reverse(motionRef, reverse);
}

void Motion::setLoop(bool loop) {
  wbu_motion_set_loop(motionRef, loop);
}

bool Motion::isOver() const {
  return wbu_motion_is_over(motionRef);
}
