// Supervisor: forwards to the simulation and node-lookup functions of supervisor.h.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/supervisor.h>
#include <webots/Field.hpp>
#include <webots/Node.hpp>
#include <webots/Proto.hpp>
#include <webots/Supervisor.hpp>

#include <cstdio>

using namespace webots;

namespace {
  void deprecated(const char *name, const char *replacement) {
    std::fprintf(stderr, "Supervisor::%s is deprecated, please use Supervisor::%s instead\n", name, replacement);
  }
}  // namespace

Supervisor *Supervisor::getSupervisorInstance() {
  if (cInstance == NULL)
    return new Supervisor();
  return dynamic_cast<Supervisor *>(cInstance);
}

Supervisor::~Supervisor() {
  Field::cleanup();
  Proto::cleanup();
  Node::cleanup();
}

void Supervisor::simulationQuit(int status) {
  wb_supervisor_simulation_quit(status);
}

void Supervisor::simulationReset() {
  wb_supervisor_simulation_reset();
}

void Supervisor::simulationResetPhysics() {
  wb_supervisor_simulation_reset_physics();
}

void Supervisor::simulationPhysicsReset() {
  deprecated("simulationPhysicsReset", "simulationResetPhysics");
  wb_supervisor_simulation_reset_physics();
}

Supervisor::SimulationMode Supervisor::simulationGetMode() const {
  return static_cast<SimulationMode>(wb_supervisor_simulation_get_mode());
}

void Supervisor::simulationSetMode(SimulationMode mode) {
  wb_supervisor_simulation_set_mode(static_cast<WbSimulationMode>(mode));
}

Node *Supervisor::getRoot() const {
  return Node::findNode(wb_supervisor_node_get_root());
}

Node *Supervisor::getSelf() const {
  return Node::findNode(wb_supervisor_node_get_self());
}

Node *Supervisor::getFromDef(const std::string &name) const {
  return Node::findNode(wb_supervisor_node_get_from_def(name.c_str()));
}

Node *Supervisor::getFromId(int id) const {
  return Node::findNode(wb_supervisor_node_get_from_id(id));
}

Node *Supervisor::getFromDevice(const Device *device) const {
  return device ? getFromDeviceTag(device->getTag()) : NULL;
}

Node *Supervisor::getFromDeviceTag(int tag) const {
  return Node::findNode(wb_supervisor_node_get_from_device(static_cast<WbDeviceTag>(tag)));
}

Node *Supervisor::getSelected() const {
  return Node::findNode(wb_supervisor_node_get_selected());
}

void Supervisor::worldLoad(const std::string &file) {
  wb_supervisor_world_load(file.c_str());
}

void Supervisor::worldReload() {
  wb_supervisor_world_reload();
}

bool Supervisor::worldSave() {
  return wb_supervisor_world_save(NULL);
}

bool Supervisor::worldSave(const std::string &file) {
  return wb_supervisor_world_save(file.c_str());
}

void Supervisor::exportImage(const std::string &file, int quality) const {
  wb_supervisor_export_image(file.c_str(), quality);
}

bool Supervisor::animationStartRecording(const std::string &file) {
  return wb_supervisor_animation_start_recording(file.c_str());
}

bool Supervisor::animationStopRecording() {
  return wb_supervisor_animation_stop_recording();
}

void Supervisor::movieStartRecording(const std::string &file, int width, int height, int codec, int quality,
                                     int acceleration, bool caption) {
  wb_supervisor_movie_start_recording(file.c_str(), width, height, codec, quality, acceleration, caption);
}

void Supervisor::movieStopRecording() {
  wb_supervisor_movie_stop_recording();
}

bool Supervisor::movieIsReady() const {
  return wb_supervisor_movie_is_ready();
}

bool Supervisor::movieFailed() const {
  return wb_supervisor_movie_failed();
}

int Supervisor::movieGetStatus() const {
  return wb_supervisor_movie_get_status();
}

void Supervisor::setLabel(int id, const std::string &label, double xpos, double ypos, double size, int color,
                          double transparency, const std::string &font) {
  wb_supervisor_set_label(id, label.c_str(), xpos, ypos, size, color, transparency, font.c_str());
}

bool Supervisor::virtualRealityHeadsetIsUsed() const {
  return wb_supervisor_virtual_reality_headset_is_used();
}

const double *Supervisor::virtualRealityHeadsetGetPosition() const {
  return wb_supervisor_virtual_reality_headset_get_position();
}

const double *Supervisor::virtualRealityHeadsetGetOrientation() const {
  return wb_supervisor_virtual_reality_headset_get_orientation();
}

void Supervisor::simulationRevert() {
  deprecated("simulationRevert", "worldReload");
  wb_supervisor_world_reload();
}

void Supervisor::loadWorld(const std::string &file) {
  deprecated("loadWorld", "worldLoad");
  wb_supervisor_world_load(file.c_str());
}

bool Supervisor::saveWorld() {
  deprecated("saveWorld", "worldSave");
  return wb_supervisor_world_save(NULL);
}

bool Supervisor::saveWorld(const std::string &file) {
  deprecated("saveWorld", "worldSave");
  return wb_supervisor_world_save(file.c_str());
}

void Supervisor::startMovie(const std::string &file, int width, int height, int codec, int quality, int acceleration,
                            bool caption) {
  deprecated("startMovie", "movieStartRecording");
  wb_supervisor_movie_start_recording(file.c_str(), width, height, codec, quality, acceleration, caption);
}

void Supervisor::stopMovie() {
  deprecated("stopMovie", "movieStopRecording");
  wb_supervisor_movie_stop_recording();
}

int Supervisor::getMovieStatus() {
  deprecated("getMovieStatus", "movieGetStatus");
  return wb_supervisor_movie_get_status();
}
