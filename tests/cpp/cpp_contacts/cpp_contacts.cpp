// tests/c/phys_contacts.c through the C++ API (tests/physics.rs): contact points of a box resting on a
// floor, static balance and centre of mass, contact tracking, and a pendulum's joint position set by the
// supervisor (placed, then clamped at its stop).
#include <webots/Supervisor.hpp>

#include <cmath>
#include <cstdio>

#include "check.h"

using namespace webots;

static void near(double actual, double expected, double tolerance, const char *what) {
  CHECK(std::fabs(actual - expected) < tolerance, "%s is %g, expected %g", what, actual, expected);
}

int main() {
  const int step = 8;
  Supervisor sv;
  Node *box = sv.getFromDef("BOX"), *tippy = sv.getFromDef("TIPPY"), *hinge = sv.getFromDef("HINGE");
  Node *params = sv.getFromDef("PARAMS"), *bob = sv.getFromDef("BOB");
  CHECK(box && tippy && hinge && params && bob, "nodes");
  sv.step(step);

  CHECK(!tippy->getStaticBalance(), "the tippy robot stands");
  near(tippy->getCenterOfMass()[0], (0.1 * 2.0 + 10 * 2.5) / 10.1, 2e-3, "tippy's centre of mass");

  box->enableContactPointsTracking(step, true);
  for (int k = 0; k < 60; ++k)
    sv.step(step);
  int n = 0;
  const ContactPoint *points = box->getContactPoints(false, &n);
  CHECK(n >= 3 && points, "%d contact points on the resting box", n);
  const double x = box->getPosition()[0];
  for (int i = 0; i < n; ++i) {
    near(points[i].point[2], 0, 2e-3, "a contact on the floor");
    near(std::fabs(points[i].point[0] - x), 0.1, 2e-3, "a contact at a bottom edge");
  }
  CHECK(box->getStaticBalance(), "the resting box does not stand");
  box->disableContactPointsTracking();

  hinge->setJointPosition(0.5);
  Field *position = params->getField("position");
  near(position->getSFFloat(), 0.5, 1e-12, "the joint position");
  near(bob->getPosition()[0], -std::sin(0.5), 1e-9, "the bob's x");
  near(bob->getPosition()[2], 2 - std::cos(0.5), 1e-9, "the bob's z");
  sv.step(step);
  hinge->setJointPosition(2.0, 1);
  near(position->getSFFloat(), 1.0, 1e-12, "the joint clamped at its stop");
  std::printf("contact checks passed\n");
  return 0;
}
