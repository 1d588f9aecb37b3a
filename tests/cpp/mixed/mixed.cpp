// The C++ half of the mixed controller: the C++ API and a function compiled as C.
#include <webots/Robot.hpp>

#include "greeting.h"

int main() {
  webots::Robot robot;
  robot.step(16);
  std::cout << "mixed: " << greeting() << " at t=" << robot.getTime() << std::endl;
  return 0;
}
