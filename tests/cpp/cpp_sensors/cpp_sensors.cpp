// The sensors computed from the world through the C++ API, for tests/cpp_api.rs. A robot without physics
// stands at (1, 2, 0.5), turned 0.5 rad about z; its distance sensor faces a wall 5 cm away along world x,
// its bumper overlaps that wall, and its gyro and accelerometer ride a Solid with physics held still.
#include <webots/Accelerometer.hpp>
#include <webots/DistanceSensor.hpp>
#include <webots/GPS.hpp>
#include <webots/Gyro.hpp>
#include <webots/InertialUnit.hpp>
#include <webots/Robot.hpp>
#include <webots/TouchSensor.hpp>

#include <cmath>

#include "check.h"

using namespace webots;

static void near3(const double *v, double x, double y, double z, const char *what) {
  CHECK(v != NULL, "%s: NULL", what);
  CHECK(std::fabs(v[0] - x) < 1e-9 && std::fabs(v[1] - y) < 1e-9 && std::fabs(v[2] - z) < 1e-9,
        "%s: (%.17g, %.17g, %.17g), expected (%g, %g, %g)", what, v[0], v[1], v[2], x, y, z);
}

int main() {
  Robot *robot = new Robot();
  GPS *gps = robot->getGPS("gps");
  Gyro *gyro = robot->getGyro("gyro");
  Accelerometer *accelerometer = robot->getAccelerometer("accelerometer");
  InertialUnit *unit = robot->getInertialUnit("inertial unit");
  DistanceSensor *ds = robot->getDistanceSensor("ds");
  TouchSensor *bumper = robot->getTouchSensor("bumper");
  CHECK(gps && gyro && accelerometer && unit && ds && bumper, "typed getters");
  CHECK(gps == robot->getDevice("gps") && bumper == robot->getDevice("bumper"), "one object per device");
  CHECK(robot->getGyro("gps") == NULL && robot->getTouchSensor("ds") == NULL, "a GPS is no gyro");
  CHECK(dynamic_cast<InertialUnit *>(robot->getDevice("inertial unit")) == unit, "getDevice() gives the class");

  CHECK(gps->getCoordinateSystem() == GPS::LOCAL, "local coordinates");
  CHECK_STRING(GPS::convertToDegreesMinutesSeconds(46.5125), "46° 30′ 45″");
  CHECK(ds->getType() == DistanceSensor::GENERIC && bumper->getType() == TouchSensor::BUMPER, "types");
  CHECK_DOUBLE(ds->getAperture(), 1.5708);
  CHECK_DOUBLE(ds->getMinValue(), 0.0);
  CHECK_DOUBLE(ds->getMaxValue(), 1000.0);
  CHECK_INT(ds->getLookupTableSize(), 2);
  CHECK_DOUBLE(ds->getLookupTable()[3], 0.1);
  CHECK_INT(gyro->getLookupTableSize(), 2);
  CHECK_DOUBLE(gyro->getLookupTable()[4], 20.0);
  CHECK(accelerometer->getLookupTableSize() == 0 && accelerometer->getLookupTable() == NULL, "no table");
  CHECK_DOUBLE(unit->getNoise(), 0.0);

  gps->enable(32);
  gyro->enable(32);
  accelerometer->enable(32);
  unit->enable(32);
  ds->enable(32);
  bumper->enable(32);
  CHECK_INT(gps->getSamplingPeriod() + gyro->getSamplingPeriod() + accelerometer->getSamplingPeriod() +
              unit->getSamplingPeriod() + ds->getSamplingPeriod() + bumper->getSamplingPeriod(),
            6 * 32);
  CHECK_INT(robot->step(32), 0);

  near3(gps->getValues(), 1, 2, 0.5, "position");
  CHECK(std::isnan(gps->getSpeed()), "no speed before a second sample");
  near3(unit->getRollPitchYaw(), 0, 0, 0.5, "roll, pitch, yaw");
  const double *q = unit->getQuaternion();
  CHECK(std::fabs(q[2] - std::sin(0.25)) < 1e-9 && std::fabs(q[3] - std::cos(0.25)) < 1e-9, "quaternion");
  near3(gyro->getValues(), 0, 0, 0, "still");
  near3(accelerometer->getValues(), 0, 0, 9.81, "g upward");
  CHECK(std::fabs(ds->getValue() - 500) < 1e-9, "distance %.17g", ds->getValue());
  CHECK_DOUBLE(bumper->getValue(), 1.0);
  CHECK(bumper->getValues() == NULL, "a bumper has one value");

  CHECK_INT(robot->step(32), 0);
  CHECK_DOUBLE(gps->getSpeed(), 0.0);
  near3(gps->getSpeedVector(), 0, 0, 0, "speed vector");
  gps->disable();
  CHECK_INT(gps->getSamplingPeriod(), 0);

  std::printf("cpp_sensors: checks passed, distance %.1f\n", ds->getValue());
  delete robot;
  return 0;
}
