// Supervisor, Node, Field and Compass through the C++ API, in tests/cpp_api.rs's supervisor world:
// nodes and fields are the same objects however they are reached, reads match the world file, writes
// move robots (the supervisor's own compass turns with it), and simulationQuit ends the run.
#include <webots/Compass.hpp>
#include <webots/Field.hpp>
#include <webots/Node.hpp>
#include <webots/Supervisor.hpp>

#include <cmath>
#include <string>

#include "check.h"

using namespace webots;

static void check_vector(const double *actual, double x, double y, double z, const char *what) {
  CHECK(actual != NULL, "%s is NULL", what);
  CHECK(std::fabs(actual[0] - x) < 1e-6 && std::fabs(actual[1] - y) < 1e-6 && std::fabs(actual[2] - z) < 1e-6,
        "%s is (%g, %g, %g), expected (%g, %g, %g)", what, actual[0], actual[1], actual[2], x, y, z);
}

int main() {
  Supervisor *supervisor = Supervisor::getSupervisorInstance();
  CHECK(supervisor != NULL && Supervisor::getSupervisorInstance() == supervisor, "one supervisor");
  CHECK(supervisor->getSupervisor(), "the robot is a supervisor");

  // nodes: one object per node, whichever way it is reached
  Node *self = supervisor->getSelf();
  CHECK(self != NULL && self == supervisor->getSelf() && self == supervisor->getFromDef("BOSS"), "self");
  CHECK(supervisor->getFromId(self->getId()) == self, "getFromId");
  CHECK_INT(self->getType(), Node::ROBOT);
  CHECK_STRING(self->getTypeName(), "Robot");
  CHECK_STRING(self->getBaseTypeName(), "Robot");
  CHECK_STRING(self->getDef(), "BOSS");
  CHECK(!self->isProto(), "not a PROTO");
  Node *root = supervisor->getRoot();
  CHECK(root != NULL && self->getParentNode() == root, "the root is the parent of top-level nodes");
  Field *children = root->getField("children");
  CHECK(children != NULL && children == root->getField("children"), "one Field object per field");
  CHECK_INT(children->getType(), Field::MF_NODE);
  CHECK_STRING(children->getTypeName(), "MFNode");
  CHECK_INT(children->getCount(), 4);
  CHECK(children->getMFNode(1) == self, "children[1] is BOSS");
  Node *box = supervisor->getFromDef("BOX");
  CHECK(box != NULL && children->getMFNode(-1) == box, "children[-1] is BOX");
  CHECK_INT(box->getType(), Node::SOLID);
  CHECK(supervisor->getFromDef("NOBODY") == NULL, "unknown DEF");
  CHECK(supervisor->getFromDef("BOX.INSIDE") != NULL && supervisor->getFromDef("BOX.INSIDE")->getType() == Node::SHAPE,
        "dotted DEF path");

  // a device's node, and its fields
  Compass *compass = supervisor->getCompass("compass");
  CHECK(compass != NULL, "compass");
  Node *compassNode = supervisor->getFromDevice(compass);
  CHECK(compassNode != NULL && compassNode == supervisor->getFromDeviceTag(compass->getTag()), "device node");
  CHECK_INT(compassNode->getType(), Node::COMPASS);
  CHECK(compassNode->getParentNode() == self, "the compass sits in BOSS");
  CHECK_STRING(compassNode->getField("name")->getSFString(), "compass");
  CHECK(self->getField("nope") == NULL, "unknown field");
  CHECK(self->getNumberOfFields() > 0 && self->getFieldByIndex(0) != NULL, "fields by index");

  // compass: NaN before its first sample, north (+y in ENU) once sampled
  CHECK_INT(compass->getSamplingPeriod(), 0);
  compass->enable(32);
  CHECK_INT(compass->getSamplingPeriod(), 32);
  CHECK_INT(compass->getLookupTableSize(), 0);
  CHECK(std::isnan(compass->getValues()[0]), "no sample yet");
  CHECK_INT(supervisor->step(32), 0);
  check_vector(compass->getValues(), 0, 1, 0, "north, facing +x");

  // the mover, read from the world file
  Node *mover = supervisor->getFromDef("MOVER");
  CHECK(mover != NULL && children->getMFNode(2) == mover, "MOVER");
  check_vector(mover->getPosition(), 1, 2, 0, "mover position");
  const double *r = mover->getOrientation();
  CHECK(std::fabs(r[0]) < 1e-6 && std::fabs(r[1] + 1) < 1e-6 && std::fabs(r[3] - 1) < 1e-6 && std::fabs(r[8] - 1) < 1e-6,
        "mover turned a quarter turn about z");
  const double *pose = mover->getPose();
  CHECK(std::fabs(pose[3] - 1) < 1e-9 && std::fabs(pose[7] - 2) < 1e-9 && pose[15] == 1, "pose");
  pose = mover->getPose(self);
  CHECK(std::fabs(pose[3] - 1) < 1e-9 && std::fabs(pose[7] - 2) < 1e-9, "pose from BOSS (at the origin)");
  Field *translation = mover->getField("translation");
  CHECK_INT(translation->getType(), Field::SF_VEC3F);
  CHECK_STRING(translation->getName(), "translation");
  CHECK_INT(translation->getCount(), -1);
  check_vector(translation->getSFVec3f(), 1, 2, 0, "translation field");

  // writes take effect with the next step
  const double there[3] = {3, 4, 0};
  translation->setSFVec3f(there);
  const double quarter_turn[4] = {0, 0, 1, M_PI / 2};
  self->getField("rotation")->setSFRotation(quarter_turn);
  CHECK_INT(supervisor->step(32), 0);
  check_vector(mover->getPosition(), 3, 4, 0, "moved mover");
  check_vector(translation->getSFVec3f(), 3, 4, 0, "moved translation field");
  check_vector(compass->getValues(), 1, 0, 0, "north, facing +y");

  // MF fields: inserts and removals at once, item writes with the next step
  Field *args = self->getField("controllerArgs");
  CHECK_INT(args->getType(), Field::MF_STRING);
  CHECK_INT(args->getCount(), 2);
  CHECK_STRING(args->getMFString(1), "two");
  args->insertMFString(0, "zero");
  CHECK_INT(args->getCount(), 3);
  CHECK_STRING(args->getMFString(0), "zero");
  args->removeMF(0);
  CHECK_INT(args->getCount(), 2);
  args->setMFString(1, "deux");
  Field *custom = self->getField("customData");
  custom->setSFString("written by C++");
  CHECK_INT(supervisor->step(32), 0);
  CHECK_STRING(args->getMFString(1), "deux");
  CHECK_STRING(custom->getSFString(), "written by C++");

  supervisor->simulationSetMode(Supervisor::SIMULATION_MODE_FAST);
  CHECK_INT(supervisor->simulationGetMode(), Supervisor::SIMULATION_MODE_FAST);

  std::printf("cpp_supervisor: all checks passed at t=%.3f\n", supervisor->getTime());
  std::fflush(stdout);
  supervisor->simulationQuit(7);
  CHECK_INT(supervisor->step(32), -1);
  std::printf("the run is over\n");
  delete supervisor;
  return 0;
}
