// Supervisor: forwards to the simulation and node-lookup functions of supervisor.h.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/supervisor.h>
#include <webots/Field.hpp>
#include <webots/Node.hpp>
#include <webots/Supervisor.hpp>

using namespace webots;

Supervisor *Supervisor::getSupervisorInstance() {
  if (cInstance == NULL)
    return new Supervisor();
  return dynamic_cast<Supervisor *>(cInstance);
}

Supervisor::~Supervisor() {
  Field::cleanup();
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
