// Emitter through the C++ API, for tests/cpp_api.rs (cpp_listener is the other end, 1 m away on +x).
// After the step returning at t ms it sends:
//   t=0   "hello 0" and a 92-byte packet (filling bufferSize 100); one more byte is refused
//   t=32  on channel 4: not heard by a listener on 3
//   t=64  back on channel 3 with range 0.5: not heard at 1 m
//   t=96  range 5, channel 4 (the listener listens to all channels by then): "bye", then the Robot is
//         deleted at once, so only its destructor's cleanup delivers the packet
#include <webots/Emitter.hpp>
#include <webots/Robot.hpp>

#include <cstring>
#include <string>

#include "check.h"

using namespace webots;

static void send_text(const Robot *robot, Emitter *em, const char *text, int expected) {
  const int result = em->send(text, static_cast<int>(std::strlen(text)) + 1);
  std::printf("t=%d send \"%s\" on channel %d range %g -> %d\n", static_cast<int>(robot->getTime() * 1000 + 0.5), text,
              em->getChannel(), em->getRange(), result);
  CHECK_INT(result, expected);
}

int main() {
  Robot *robot = new Robot();
  Emitter *em = robot->getEmitter("em");
  CHECK(em != NULL, "emitter em");
  CHECK_INT(em->getChannel(), 3);
  CHECK_DOUBLE(em->getRange(), 5.0);
  CHECK_INT(em->getBufferSize(), 100);

  // misuses: Webots' messages (checked on the Rust side), nothing sent
  CHECK_INT(em->send(NULL, 5), 0);
  CHECK_INT(em->send("x", 0), 0);
  CHECK_INT(em->send(std::string(101, 'z').data(), 101), 0);

  send_text(robot, em, "hello 0", 1);
  const std::string filler(92, 'a');
  CHECK_INT(em->send(filler.data(), 92), 1);
  CHECK_INT(em->send("b", 1), 0);  // 8 + 92 bytes queued: the buffer is full

  CHECK_INT(robot->step(32), 0);
  em->setChannel(4);
  CHECK_INT(em->getChannel(), 4);
  send_text(robot, em, "on channel 4", 1);

  CHECK_INT(robot->step(32), 0);
  em->setChannel(3);
  em->setRange(0.5);
  CHECK_DOUBLE(em->getRange(), 0.5);
  send_text(robot, em, "too far", 1);

  CHECK_INT(robot->step(32), 0);
  em->setRange(5);
  em->setChannel(4);
  send_text(robot, em, "bye", 1);
  std::printf("leaving at t=%.3f\n", robot->getTime());
  delete robot;
  return 0;
}
