// webots-shim C++ API: a Robot whose controller may inspect and change the world (supervisor.h).
#ifndef SUPERVISOR_HPP
#define SUPERVISOR_HPP

#include <webots/Device.hpp>
#include <webots/Node.hpp>
#include <webots/Robot.hpp>

namespace webots {
  class Supervisor : public Robot {
  public:
    typedef enum { SIMULATION_MODE_PAUSE = 0, SIMULATION_MODE_REAL_TIME, SIMULATION_MODE_FAST } SimulationMode;

    Supervisor() : Robot() {}
    // The controller's Supervisor, made on first call when no Robot exists yet; NULL when the
    // controller's single instance is a plain Robot.
    static Supervisor *getSupervisorInstance();
    // Frees every Node and Field object handed out.
    virtual ~Supervisor();

    virtual void simulationQuit(int status);
    virtual void simulationReset();
    virtual void simulationResetPhysics();
    SimulationMode simulationGetMode() const;
    virtual void simulationSetMode(SimulationMode mode);

    Node *getRoot() const;
    Node *getSelf() const;
    Node *getFromDef(const std::string &name) const;
    Node *getFromId(int id) const;
    Node *getFromDevice(const Device *device) const;
    Node *getFromDeviceTag(int tag) const;

    // deprecated since Webots 8.0.0: simulationResetPhysics()
    virtual void simulationPhysicsReset();
  };
}  // namespace webots

#endif  // SUPERVISOR_HPP
