// A C++ controller in a .cc file, found by Makefile.include without CXX_SOURCES.
#include <webots/Robot.hpp>

int main() {
  webots::Robot robot;
  robot.step(16);
  std::cout << "cc_ext: " << robot.getName() << " at t=" << robot.getTime() << std::endl;
  return 0;
}
