// Receiver through the C++ API, for tests/cpp_api.rs (cpp_talker is the other end): logs every packet
// with its time, bytes, signal strength and direction; listens to every channel from t=64 ms on and
// leaves after "bye" (or at t=1 s).
#include <webots/Receiver.hpp>
#include <webots/Robot.hpp>

#include <cstring>
#include <string>

#include "check.h"

using namespace webots;

int main() {
  Robot *robot = new Robot();
  Receiver *rx = robot->getReceiver("rx");
  CHECK(rx != NULL, "receiver rx");
  CHECK_INT(rx->getSamplingPeriod(), 0);
  rx->enable(32);
  CHECK_INT(rx->getSamplingPeriod(), 32);
  CHECK_INT(rx->getChannel(), 3);
  CHECK_INT(rx->getQueueLength(), 0);
  bool bye = false;
  while (!bye && robot->getTime() < 1.0 && robot->step(32) != -1) {
    const int ms = static_cast<int>(robot->getTime() * 1000 + 0.5);
    while (rx->getQueueLength() > 0) {
      const int size = rx->getDataSize();
      const char *data = static_cast<const char *>(rx->getData());
      CHECK(data != NULL && size > 0, "packet without data");
      const std::string text = data[size - 1] == '\0' ? std::string(data) : std::string(data, size);
      const double *dir = rx->getEmitterDirection();
      std::printf("t=%d got %d bytes \"%s\" signal %.3f from (%.3f, %.3f, %.3f)\n", ms, size,
                  text.size() > 12 ? (text.substr(0, 12) + "...").c_str() : text.c_str(), rx->getSignalStrength(),
                  dir[0], dir[1], dir[2]);
      bye = text == "bye";
      rx->nextPacket();
    }
    if (ms == 64) {
      rx->setChannel(Receiver::CHANNEL_BROADCAST);
      CHECK_INT(rx->getChannel(), -1);
    }
  }
  std::printf("%s at t=%.3f\n", bye ? "heard bye" : "no bye", robot->getTime());
  delete robot;
  return 0;
}
