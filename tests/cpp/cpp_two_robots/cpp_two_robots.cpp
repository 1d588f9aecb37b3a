// A controller that makes a second Robot: Webots' C++ API stops it with a message and status -1.
#include <webots/Robot.hpp>

#include <cstdio>

int main() {
  webots::Robot *first = new webots::Robot();
  first->step(16);
  std::printf("first robot stepped to t=%.3f\n", first->getTime());
  std::fflush(stdout);
  webots::Robot *second = new webots::Robot();
  std::printf("a second robot exists\n");
  delete second;
  delete first;
  return 0;
}
