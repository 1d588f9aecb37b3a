// Robot: the single controller instance, its lifecycle and the robot-level C API (robot.h).
// Devices are in RobotDevices.cpp.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/device.h>
#include <webots/robot.h>
#include <webots/Device.hpp>
#include <webots/Joystick.hpp>
#include <webots/Keyboard.hpp>
#include <webots/Mouse.hpp>
#include <webots/Robot.hpp>

#include <cstdio>
#include <cstdlib>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

Robot *Robot::cInstance = NULL;

Robot::Robot() : mKeyboard(NULL), mJoystick(NULL), mMouse(NULL) {
  if (cInstance != NULL) {
    // as Webots: say so, let the world know this controller leaves, and stop
    std::fprintf(stderr, "Only one instance of the Robot class should be created\n");
    wb_robot_step(0);
    wb_robot_cleanup();
    std::exit(-1);
  }
  cInstance = this;
  wb_robot_init();
  mKeyboard = new Keyboard();
  mJoystick = new Joystick();
  mMouse = new Mouse();
}

Robot::~Robot() {
  for (Device *device : deviceList)
    delete device;
  deviceList.clear();
  delete mKeyboard;
  delete mJoystick;
  delete mMouse;
  cInstance = NULL;
  wb_robot_cleanup();
}

int Robot::step(int duration) {
  return wb_robot_step(duration);
}

int Robot::stepBegin(int duration) {
  return wb_robot_step_begin(duration);
}

int Robot::stepEnd() {
  return wb_robot_step_end();
}

Robot::UserInputEvent Robot::waitForUserInputEvent(UserInputEvent event_type, int timeout) {
  return static_cast<UserInputEvent>(
    wb_robot_wait_for_user_input_event(static_cast<WbUserInputEvent>(event_type), timeout));
}

std::string Robot::getName() const {
  return text(wb_robot_get_name());
}

std::string Robot::getUrdf(std::string prefix) const {
  return text(wb_robot_get_urdf(prefix.c_str()));
}

double Robot::getTime() const {
  return wb_robot_get_time();
}

std::string Robot::getModel() const {
  return text(wb_robot_get_model());
}

std::string Robot::getCustomData() const {
  return text(wb_robot_get_custom_data());
}

void Robot::setCustomData(const std::string &data) {
  wb_robot_set_custom_data(data.c_str());
}

std::string Robot::getData() const {
  std::fprintf(stderr, "Robot::getData is deprecated, please use Robot::getCustomData instead\n");
  return getCustomData();
}

void Robot::setData(const std::string &data) {
  std::fprintf(stderr, "Robot::setData is deprecated, please use Robot::setCustomData instead\n");
  setCustomData(data);
}

Robot::Mode Robot::getMode() const {
  return static_cast<Mode>(wb_robot_get_mode());
}

void Robot::setMode(Mode mode, const char *arg) {
  wb_robot_set_mode(static_cast<WbRobotMode>(mode), arg);
}

bool Robot::getSupervisor() const {
  return wb_robot_get_supervisor();
}

bool Robot::getSynchronization() const {
  return wb_robot_get_synchronization();
}

std::string Robot::getProjectPath() const {
  return text(wb_robot_get_project_path());
}

std::string Robot::getWorldPath() const {
  return text(wb_robot_get_world_path());
}

double Robot::getBasicTimeStep() const {
  return wb_robot_get_basic_time_step();
}

int Robot::getNumberOfDevices() const {
  return wb_robot_get_number_of_devices();
}

void Robot::batterySensorEnable(int samplingPeriod) {
  wb_robot_battery_sensor_enable(samplingPeriod);
}

void Robot::batterySensorDisable() {
  wb_robot_battery_sensor_disable();
}

int Robot::batterySensorGetSamplingPeriod() const {
  return wb_robot_battery_sensor_get_sampling_period();
}

double Robot::batterySensorGetValue() const {
  return wb_robot_battery_sensor_get_value();
}

int Robot::getDeviceTypeFromTag(int tag) {
  return wb_device_get_node_type(static_cast<WbDeviceTag>(tag));
}

std::string Robot::getDeviceNameFromTag(int tag) {
  return text(wb_device_get_name(static_cast<WbDeviceTag>(tag)));
}

int Robot::getDeviceTagFromIndex(int index) {
  return wb_robot_get_device_by_index(index);
}

int Robot::getDeviceTagFromName(const std::string &name) {
  return wb_robot_get_device(name.c_str());
}
