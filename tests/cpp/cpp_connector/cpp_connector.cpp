// Connector through the C++ API, for tests/cpp_api.rs: "plug" faces the other robot's connector 5 mm
// away (present), "far" has nobody in reach, "socket" is passive; locking is a latch the controller
// sees at once.
#include <webots/Connector.hpp>
#include <webots/Robot.hpp>

#include "check.h"

using namespace webots;

int main() {
  Robot *robot = new Robot();
  Connector *plug = robot->getConnector("plug");
  Connector *far = robot->getConnector("far");
  Connector *socket = dynamic_cast<Connector *>(robot->getDevice("socket"));
  CHECK(plug != NULL && far != NULL && socket != NULL, "three connectors");
  CHECK(plug == robot->getDevice("plug"), "one object per device");

  CHECK_INT(plug->getPresenceSamplingPeriod(), 0);
  plug->enablePresence(32);
  far->enablePresence(32);
  socket->enablePresence(32);
  CHECK_INT(plug->getPresenceSamplingPeriod(), 32);
  CHECK_INT(robot->step(32), 0);
  CHECK_INT(plug->getPresence(), 1);
  CHECK_INT(far->getPresence(), 0);
  CHECK_INT(socket->getPresence(), -1);

  CHECK(!plug->isLocked(), "unlocked at first");
  plug->lock();
  CHECK(plug->isLocked(), "locked at once");
  CHECK_INT(robot->step(32), 0);
  CHECK(plug->isLocked(), "still locked");
  CHECK_INT(plug->getPresence(), 1);
  plug->unlock();
  CHECK(!plug->isLocked(), "unlocked at once");
  CHECK_INT(robot->step(32), 0);
  CHECK(!plug->isLocked(), "still unlocked");

  plug->disablePresence();
  CHECK_INT(plug->getPresenceSamplingPeriod(), 0);
  std::printf("cpp_connector: all checks passed at t=%.3f\n", robot->getTime());
  delete robot;
  return 0;
}
