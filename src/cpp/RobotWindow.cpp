// Robot: the robot-window calls (plugins/robot_window/robot_window.h and robot_wwi.h).
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/plugins/robot_window/robot_window.h>
#include <webots/plugins/robot_window/robot_wwi.h>
#include <webots/Robot.hpp>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

void *Robot::windowCustomFunction(void *arg) {
  return wb_robot_window_custom_function(arg);
}

void Robot::wwiSend(const char *data, int size) {
  wb_robot_wwi_send(data, size);
}

void Robot::wwiSendText(const std::string &text) {
  wb_robot_wwi_send(text.c_str(), static_cast<int>(text.size()) + 1);
}

const char *Robot::wwiReceive(int *size) {
  return wb_robot_wwi_receive(size);
}

std::string Robot::wwiReceiveText() {
  return text(wb_robot_wwi_receive_text());
}
