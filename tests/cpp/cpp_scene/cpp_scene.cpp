// The rest of the Supervisor, Node, Field and Proto classes, and Motion, through the C++ API, in
// tests/cpp_api.rs's scene world: exports, the PROTO chain, removal and imports, node states, tracking,
// labels, world saving, the headless failure values (robot window included), the deprecated names, and a
// motion file played onto a motor (the program's own wb_motor_set_position sees it).
#define _POSIX_C_SOURCE 200809L
#include <webots/Field.hpp>
#include <webots/Node.hpp>
#include <webots/Proto.hpp>
#include <webots/Supervisor.hpp>
#include <webots/utils/AnsiCodes.hpp>
#include <webots/utils/Motion.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "sv_check.h"

using namespace webots;

static int motorCalls = 0;
static WbDeviceTag motorTag = 0;
static double motorPosition = 0;

extern "C" void wb_motor_set_position(WbDeviceTag tag, double position) {
  ++motorCalls;
  motorTag = tag;
  motorPosition = position;
}

static Node *def(Supervisor *supervisor, const char *name) {
  Node *node = supervisor->getFromDef(name);
  CHECK(node != NULL, "no node %s", name);
  return node;
}

static void protos(Supervisor *supervisor) {
  Node *out = def(supervisor, "OUT");
  Proto *outer = out->getProto();
  CHECK(outer != NULL && out->getProto() == outer, "one Proto object per PROTO");
  CHECK_STRING(outer->getTypeName(), "Outer");
  CHECK(outer->isDerived(), "Outer is built on Wrap");
  CHECK_INT(outer->getNumberOfFields(), 1);
  Field *height = outer->getField("height");
  CHECK(height != NULL && outer->getFieldByIndex(0) == height && outer->getFieldByIndex(1) == NULL, "Outer's fields");
  CHECK_DOUBLE(height->getSFFloat(), 3);
  CHECK(height->getActualField() == out->getField("height"), "Outer.height stands for OUT's height");
  Proto *wrap = outer->getParent();
  CHECK(wrap != NULL, "Outer has no parent");
  CHECK_STRING(wrap->getTypeName(), "Wrap");
  CHECK(!wrap->isDerived() && wrap->getParent() == NULL, "Wrap is built on a Solid");
  CHECK_DOUBLE(wrap->getField("h")->getSFFloat(), 3);
  CHECK(wrap->getField("h")->getActualField() == out->getField("height"), "Wrap.h IS Outer.height");
  CHECK(def(supervisor, "BOX")->getProto() == NULL, "BOX is no PROTO");
}

static void structure(Supervisor *supervisor) {
  Node *box = def(supervisor, "BOX");
  CHECK_STRING(def(supervisor, "KID")->exportString(), "DEF KID Pose {\n  translation 0 1 0\n}");
  def(supervisor, "KID")->remove();
  CHECK(supervisor->getFromDef("KID") == NULL, "KID still found");
  CHECK_INT(box->getField("children")->getCount(), 0);

  Field *children = supervisor->getRoot()->getField("children");
  const int roots = children->getCount();
  children->importMFNodeFromString(-1, "DEF NEW Solid { translation 0 0 2 name \"new\" }");
  CHECK_INT(children->getCount(), roots + 1);
  Node *fresh = def(supervisor, "NEW");
  CHECK(children->getMFNode(-1) == fresh, "NEW is not last");
  CHECK_VEC(fresh->getPosition(), 3, 0, 0, 2);

  Field *bounds = box->getField("boundingObject");
  bounds->importSFNodeFromString("Sphere { radius 0.5 }");
  CHECK(bounds->getSFNode() != NULL && bounds->getSFNode()->getType() == Node::SPHERE, "boundingObject not imported");
  bounds->removeSF();
  CHECK(bounds->getSFNode() == NULL, "boundingObject not removed");
  EXPECT_STDERR("Error: wb_supervisor_field_remove_sf() called for an empty field.\n", bounds->removeSF());
}

static void statesAndTracking(Supervisor *supervisor) {
  Node *box = def(supervisor, "BOX");
  Field *translation = box->getField("translation");
  box->saveState("start");
  const double far[3] = {5, 5, 5};
  translation->setSFVec3f(far);
  supervisor->step(32);
  CHECK_VEC(translation->getSFVec3f(), 3, 5, 5, 5);
  box->loadState("start");
  CHECK_VEC(translation->getSFVec3f(), 3, 1, 0, 0);

  // tracked values are answered between stepBegin and stepEnd, when no request can be made
  box->enablePoseTracking(32);
  translation->enableSFTracking(32);
  supervisor->step(32);
  supervisor->stepBegin(32);
  EXPECT_STDERR("", CHECK_VEC(box->getPose(), 16, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1));
  EXPECT_STDERR("", CHECK_VEC(translation->getSFVec3f(), 3, 1, 0, 0));
  supervisor->stepEnd();
  box->disablePoseTracking();
  translation->disableSFTracking();
  supervisor->step(32);
  supervisor->stepBegin(32);
  EXPECT_STDERR("Warning: wb_supervisor_field_get_sf_vec3f(): functions with immediate requests to Webots cannot be "
                "implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n",
                translation->getSFVec3f());
  supervisor->stepEnd();
}

static void headless(Supervisor *supervisor) {
  supervisor->setLabel(3, "cpp label", 0.1, 0.1, 0.2, 0x0000ff, 0.0);
  // the Viewpoint's picture, rendered by the world's ray caster
  EXPECT_STDERR("", supervisor->exportImage("view.jpg", 90));
  CHECK(supervisor->movieIsReady() && !supervisor->movieFailed(), "no movie yet");
  EXPECT_STDERR("Error: wb_supervisor_movie_start_recording(): no movie recorded: cannot write "
                "'/nonexistent-folder/run.mp4': no such folder.\n",
                supervisor->movieStartRecording("/nonexistent-folder/run.mp4", 640, 480, 0, 90, 1, false));
  CHECK(supervisor->movieIsReady() && supervisor->movieFailed(), "the movie did not fail");
  supervisor->movieStopRecording();
  EXPECT_STDERR("Error: wb_supervisor_animation_start_recording(): cannot write /nonexistent-folder/run.html: No such "
                "file or directory (os error 2)\n",
                CHECK(!supervisor->animationStartRecording("/nonexistent-folder/run.html"), "animation started"));
  EXPECT_STDERR("Error: wb_supervisor_animation_stop_recording(): no animation is being recorded.\n",
                CHECK(!supervisor->animationStopRecording(), "animation stopped"));
  CHECK(!supervisor->virtualRealityHeadsetIsUsed(), "a headset");
  CHECK_ALL_NAN(supervisor->virtualRealityHeadsetGetPosition(), 3);
  CHECK_ALL_NAN(supervisor->virtualRealityHeadsetGetOrientation(), 9);
  CHECK(supervisor->getSelected() == NULL, "a selected node");
  EXPECT_STDERR("", supervisor->wwiSendText("hello window"));
  EXPECT_STDERR("", supervisor->wwiSend("raw", 4));
  int size = 5;
  CHECK(supervisor->wwiReceive(&size) == NULL && size == 0, "something received");
  CHECK_STRING(supervisor->wwiReceiveText(), "");
  EXPECT_STDERR("Error: the robot window is not initialized\n",
                CHECK(supervisor->windowCustomFunction(NULL) == NULL, "a window function"));
  Node *box = def(supervisor, "BOX");
  EXPECT_STDERR("", box->moveViewpoint());
  EXPECT_STDERR("", box->setVisibility(supervisor->getFromId(2), false));
  EXPECT_STDERR("Error: wb_supervisor_node_set_visibility() called with a NULL or invalid 'from' argument.\n",
                box->setVisibility(NULL, false));

  // the deprecated names say so, then do the new calls
  EXPECT_STDERR("Supervisor::getMovieStatus is deprecated, please use Supervisor::movieGetStatus instead\n"
                "Warning: wb_supervisor_movie_get_status() is deprecated, use wb_supervisor_movie_is_ready() and "
                "wb_supervisor_movie_failed() instead.\n",
                CHECK_INT(supervisor->getMovieStatus(), Supervisor::MOVIE_WRITE_ERROR));
  EXPECT_STDERR("", CHECK_INT(supervisor->movieGetStatus(), Supervisor::MOVIE_WRITE_ERROR));
  EXPECT_STDERR("Supervisor::saveWorld is deprecated, please use Supervisor::worldSave instead\n",
                CHECK(supervisor->saveWorld("old.wbt"), "saveWorld failed"));
}

static void worldFile(Supervisor *supervisor) {
  CHECK(supervisor->worldSave("cpp_saved.wbt"), "world not saved");
  std::ifstream file("cpp_saved.wbt");
  std::stringstream text;
  text << file.rdbuf();
  const std::string saved = text.str();
  CHECK(saved.rfind("#VRML_SIM R2025a utf8\n", 0) == 0, "header: %.40s", saved.c_str());
  CHECK(saved.find("DEF NEW Solid {") != std::string::npos && saved.find("DEF KID") == std::string::npos, "saved:\n%s",
        saved.c_str());
  EXPECT_STDERR("Error: the target file given to wb_supervisor_world_save() should have the '.wbt' extension.\n",
                CHECK(!supervisor->worldSave("saved.txt"), "saved as txt"));
}

static void motion(Supervisor *supervisor) {
  const WbDeviceTag hip = static_cast<WbDeviceTag>(supervisor->getDevice("hip")->getTag());
  std::ofstream("wave.motion") << "#WEBOTS_MOTION,V1.0,hip\n00:00:000,Up,0.5\n00:00:064,Down,-0.5\n";
  Motion wave("wave.motion");
  CHECK(wave.isValid(), "wave.motion not loaded");
  CHECK_INT(wave.getDuration(), 64);
  CHECK_INT(wave.getTime(), 0);
  motorCalls = 0;
  wave.play();
  supervisor->step(32);
  CHECK(motorCalls == 1 && motorTag == hip, "the hip was not driven (%d calls)", motorCalls);
  CHECK_DOUBLE(motorPosition, 0.5);
  CHECK_INT(wave.getTime(), 32);
  supervisor->step(32);
  CHECK_DOUBLE(motorPosition, 0.0);
  supervisor->step(32);
  CHECK_DOUBLE(motorPosition, -0.5);
  CHECK(wave.isOver(), "not over at its end");
  wave.setReverse(true);
  wave.setTime(64);
  CHECK(!wave.isOver(), "over when played back from its end");
  wave.setLoop(true);
  wave.stop();
  motorCalls = 0;
  supervisor->step(32);
  CHECK_INT(motorCalls, 0);

  Motion *missing = NULL;
  EXPECT_STDERR("Error: wbu_motion_new(): could not open 'missing.motion' file.\n",
                missing = new Motion("missing.motion"));
  CHECK(!missing->isValid(), "a missing file is valid");
  delete missing;
}

int main() {
  Supervisor *supervisor = new Supervisor();
  CHECK(std::string(ANSI_RED_FOREGROUND) == "\x1b[31m", "AnsiCodes.hpp");
  protos(supervisor);
  structure(supervisor);
  statesAndTracking(supervisor);
  headless(supervisor);
  worldFile(supervisor);
  motion(supervisor);
  std::printf("cpp_scene: all checks passed at t=%.3f\n", supervisor->getTime());
  delete supervisor;
  return 0;
}
