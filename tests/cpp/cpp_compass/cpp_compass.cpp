// Compass through the C++ API, for tests/cpp_api.rs: a robot turned 0.5 rad about z carries a compass
// whose lookup table scales by 100, so north (+y in ENU) reads 100 (sin 0.5, cos 0.5, 0); reading
// while disabled prints Webots' message.
#include <webots/Compass.hpp>
#include <webots/Robot.hpp>

#include <cmath>

#include "check.h"

using namespace webots;

int main() {
  Robot *robot = new Robot();
  Compass *compass = robot->getCompass("heading");
  CHECK(compass != NULL && compass == robot->getDevice("heading"), "compass");
  CHECK(robot->getCompass("radio") == NULL, "an emitter is no compass");

  CHECK_INT(compass->getLookupTableSize(), 2);
  const double *table = compass->getLookupTable();
  const double expected[6] = {-1, -100, 0, 1, 100, 0};
  for (int i = 0; i < 6; i++)
    CHECK_DOUBLE(table[i], expected[i]);

  const double *values = compass->getValues();  // disabled: Webots' message, NaN
  CHECK(std::isnan(values[0]) && std::isnan(values[1]) && std::isnan(values[2]), "NaN before sampling");
  compass->enable(32);
  CHECK_INT(compass->getSamplingPeriod(), 32);
  CHECK_INT(robot->step(32), 0);
  values = compass->getValues();
  CHECK(std::fabs(values[0] - 100 * std::sin(0.5)) < 1e-9 && std::fabs(values[1] - 100 * std::cos(0.5)) < 1e-9 &&
          std::fabs(values[2]) < 1e-9,
        "values (%.17g, %.17g, %.17g)", values[0], values[1], values[2]);
  compass->disable();
  CHECK_INT(compass->getSamplingPeriod(), 0);

  std::printf("cpp_compass: north at (%.3f, %.3f, %.3f)\n", values[0], values[1], values[2]);
  delete robot;
  return 0;
}
