// C++ using the C API (USE_C_API in its Makefile): built without the C++ API library.
#include <webots/robot.h>

#include <iostream>

int main() {
  wb_robot_init();
  wb_robot_step(16);
  std::cout << "c_api_cpp: " << wb_robot_get_name() << " at t=" << wb_robot_get_time() << std::endl;
  wb_robot_cleanup();
  return 0;
}
