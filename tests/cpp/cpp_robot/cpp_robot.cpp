// The C++ Robot and Device API against tests/cpp_api.rs's world (the world of tests/robot_api.rs):
// the checks of tests/c/robot_api.c through webots::Robot, plus what only C++ has (one object per
// device, typed lookups, the virtual device factories, the Robot destructor). Misuses print Webots'
// messages, which the Rust side checks.
#include <webots/Device.hpp>
#include <webots/Emitter.hpp>
#include <webots/Joystick.hpp>
#include <webots/Keyboard.hpp>
#include <webots/Mouse.hpp>
#include <webots/Receiver.hpp>
#include <webots/Robot.hpp>
#include <webots/Supervisor.hpp>

#include <cmath>
#include <string>

#include "check.h"

using namespace webots;

// WbNodeType values (nodes.h) of the world's devices.
enum { ROTATIONAL_MOTOR = 57, POSITION_SENSOR = 52, COMPASS = 39, CONNECTOR = 40, EMITTER = 43, RECEIVER = 56 };

// An Emitter subclass the robot hands out instead of webots::Emitter: it counts its sends.
class CountingEmitter : public Emitter {
public:
  explicit CountingEmitter(WbDeviceTag tag) : Emitter(tag), sends(0) {}
  int send(const void *data, int size) override {
    sends++;
    return Emitter::send(data, size);
  }
  int sends;
};

class TestRobot : public Robot {
protected:
  Emitter *createEmitter(WbDeviceTag tag) const override { return new CountingEmitter(tag); }
};

static bool ends_with(const std::string &s, const std::string &tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

int main() {
  TestRobot *robot = new TestRobot();
  CHECK(Supervisor::getSupervisorInstance() == NULL, "the controller's robot is no Supervisor");

  CHECK_STRING(robot->getName(), "api tester");
  CHECK_STRING(robot->getModel(), "tester model");
  CHECK_STRING(robot->getCustomData(), "initial data");
  CHECK_DOUBLE(robot->getBasicTimeStep(), 16.0);
  CHECK(!robot->getSupervisor(), "not a supervisor");
  CHECK(robot->getSynchronization(), "synchronized");
  CHECK_INT(robot->getMode(), Robot::MODE_SIMULATION);
  CHECK_DOUBLE(robot->getTime(), 0.0);
  const std::string world = robot->getWorldPath(), project = robot->getProjectPath();
  CHECK(ends_with(world, "/worlds/cpp_robot.wbt"), "world path %s", world.c_str());
  CHECK(world == project + "/worlds/cpp_robot.wbt", "project path %s", project.c_str());

  // devices: one object per tag, whichever way it is asked for
  CHECK_INT(robot->getNumberOfDevices(), 6);
  const char *names[] = {"em", "rx", "motor", "encoder", "compass", "dock"};
  const int types[] = {EMITTER, RECEIVER, ROTATIONAL_MOTOR, POSITION_SENSOR, COMPASS, CONNECTOR};
  for (int i = 0; i < 6; i++) {
    Device *device = robot->getDeviceByIndex(i);
    CHECK(device != NULL, "device %d", i);
    CHECK_INT(device->getTag(), i + 1);
    CHECK_STRING(device->getName(), names[i]);
    CHECK_INT(device->getNodeType(), types[i]);
    CHECK(robot->getDevice(names[i]) == device, "getDevice(%s) is the same object", names[i]);
    CHECK(Robot::getDeviceFromTag(i + 1) == device, "getDeviceFromTag(%d)", i + 1);
    CHECK_INT(Robot::getDeviceTypeFromTag(i + 1), types[i]);
    CHECK_STRING(Robot::getDeviceNameFromTag(i + 1), names[i]);
    CHECK_INT(Robot::getDeviceTagFromIndex(i), i + 1);
    CHECK_INT(Robot::getDeviceTagFromName(names[i]), i + 1);
    CHECK(Device::hasType(i + 1, types[i]) && !Device::hasType(i + 1, types[(i + 1) % 6]), "hasType(%d)", i + 1);
  }
  CHECK(!Device::hasType(0, 34), "the robot itself is no device");
  CHECK_STRING(robot->getDevice("rx")->getModel(), "rx model");
  CHECK_STRING(robot->getDevice("em")->getModel(), "");

  // typed access: the robot's factories decide the class
  Emitter *em = robot->getEmitter("em");
  CHECK(em != NULL && em == robot->getDevice("em"), "getEmitter(em)");
  CountingEmitter *counting = dynamic_cast<CountingEmitter *>(robot->getDevice("em"));
  CHECK(counting != NULL, "createEmitter override used");
  Receiver *rx = dynamic_cast<Receiver *>(robot->getDevice("rx"));
  CHECK(rx != NULL && rx == robot->getReceiver("rx"), "getReceiver(rx)");
  CHECK(robot->getEmitter("rx") == NULL, "rx is no emitter");
  CHECK(robot->getReceiver("em") == NULL, "em is no receiver");
  CHECK(dynamic_cast<Emitter *>(robot->getDevice("motor")) == NULL, "a motor is no emitter");
  CHECK(Emitter::CHANNEL_BROADCAST == -1 && Receiver::CHANNEL_BROADCAST == -1, "CHANNEL_BROADCAST");

  // misuses: Webots' messages (checked on the Rust side) and NULL
  CHECK(robot->getDevice("") == NULL, "empty name");
  CHECK(robot->getDevice("nope") == NULL, "unknown name");
  CHECK(robot->getEmitter("nope") == NULL, "unknown emitter");
  CHECK(robot->getDeviceByIndex(6) == NULL, "index 6");
  CHECK(Robot::getDeviceFromTag(0) == NULL && Robot::getDeviceFromTag(99) == NULL, "tags 0 and 99");

  // a subclass's override is called through the base class
  CHECK_INT(em->send("x", 1), 1);
  CHECK_INT(counting->sends, 1);

  // battery, steps and time
  CHECK(std::isnan(robot->batterySensorGetValue()), "battery NaN while disabled");
  robot->batterySensorEnable(32);
  CHECK_INT(robot->batterySensorGetSamplingPeriod(), 32);
  CHECK_INT(robot->step(16), 0);
  CHECK_DOUBLE(robot->getTime(), 0.016);
  CHECK_INT(robot->step(40), 0);
  CHECK_DOUBLE(robot->getTime(), 0.064);
  CHECK(std::fabs(robot->batterySensorGetValue() - (100.0 - 10.0 * 0.064)) < 1e-9, "battery %g",
        robot->batterySensorGetValue());
  robot->batterySensorDisable();
  CHECK_INT(robot->batterySensorGetSamplingPeriod(), 0);
  CHECK_INT(robot->stepBegin(16), 0);
  CHECK_INT(robot->stepEnd(), 0);
  CHECK_DOUBLE(robot->getTime(), 0.080);
  // a wait holds the simulation: simulated time does not pass
  CHECK_INT(robot->waitForUserInputEvent(Robot::EVENT_NO_EVENT, 100), Robot::EVENT_NO_EVENT);
  CHECK_DOUBLE(robot->getTime(), 0.080);

  // custom data, new and deprecated names, and the URDF
  robot->setCustomData("changed data");
  CHECK_STRING(robot->getCustomData(), "changed data");
  CHECK_INT(robot->step(16), 0);
  CHECK_STRING(robot->getData(), "changed data");
  robot->setData("set through the old name");
  CHECK_STRING(robot->getCustomData(), "set through the old name");
  const std::string urdf = robot->getUrdf("pre_");
  CHECK(urdf.find("<robot name=\"api tester\"") != std::string::npos && urdf.find("pre_base_link") != std::string::npos,
        "urdf %s", urdf.c_str());
  robot->setMode(Robot::MODE_REMOTE_CONTROL, "nothing");
  CHECK_INT(robot->getMode(), Robot::MODE_SIMULATION);

  // user input: the robot's own objects, enabled, with nothing to report headless
  Keyboard *keyboard = robot->getKeyboard();
  CHECK(keyboard != NULL && keyboard == robot->getKeyboard(), "one keyboard");
  keyboard->enable(16);
  CHECK_INT(keyboard->getSamplingPeriod(), 16);
  CHECK_INT(robot->step(16), 0);
  CHECK_INT(keyboard->getKey(), -1);
  CHECK_INT(Keyboard::END, 312);
  CHECK_INT(('Z' | Keyboard::CONTROL) & Keyboard::KEY, 'Z');
  Mouse *mouse = robot->getMouse();
  CHECK(mouse != NULL && mouse == robot->getMouse(), "one mouse");
  mouse->enable(16);
  mouse->enable3dPosition();
  CHECK(mouse->is3dPositionEnabled(), "3D position enabled");
  const MouseState state = mouse->getState();
  CHECK(!state.left && std::isnan(state.u) && std::isnan(state.z), "idle mouse");
  Joystick *joystick = robot->getJoystick();
  CHECK(joystick != NULL && joystick == robot->getJoystick(), "one joystick");
  joystick->enable(16);
  CHECK(!joystick->isConnected() && joystick->getModel().empty() && joystick->getPressedButton() == -1,
        "no joystick");

  std::printf("cpp_robot: all checks passed at t=%.3f\n", robot->getTime());
  delete robot;
  return 0;
}
