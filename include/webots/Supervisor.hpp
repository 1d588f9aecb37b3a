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

    // another world (the current one ends), the current one again, the world as a .wbt file (its
    // own file without an argument)
    virtual void worldLoad(const std::string &file);
    virtual void worldReload();
    virtual bool worldSave();
    virtual bool worldSave(const std::string &file);

    // a headless run renders nothing: these fail with Webots' failure values and say why
    void exportImage(const std::string &file, int quality) const;
    virtual bool animationStartRecording(const std::string &file);
    virtual bool animationStopRecording();
    virtual void movieStartRecording(const std::string &file, int width, int height, int codec, int quality, int acceleration,
                                     bool caption);
    virtual void movieStopRecording();
    bool movieIsReady() const;
    bool movieFailed() const;

    virtual void setLabel(int id, const std::string &label, double xpos, double ypos, double size, int color,
                          double transparency, const std::string &font = "Arial");

    Node *getRoot() const;
    Node *getSelf() const;
    Node *getFromDef(const std::string &name) const;
    Node *getFromId(int id) const;
    Node *getFromDevice(const Device *device) const;
    Node *getFromDeviceTag(int tag) const;
    // the node selected in Webots' scene tree: none without a window
    Node *getSelected() const;

    // no headset without a window: false, and NaN values
    bool virtualRealityHeadsetIsUsed() const;
    const double *virtualRealityHeadsetGetPosition() const;
    const double *virtualRealityHeadsetGetOrientation() const;

    // deprecated since Webots R2018b: worldReload(), worldLoad(), worldSave()
    virtual void simulationRevert();
    virtual void loadWorld(const std::string &file);
    virtual bool saveWorld();
    virtual bool saveWorld(const std::string &file);

    // deprecated since Webots 8.0.0: simulationResetPhysics()
    virtual void simulationPhysicsReset();

    // deprecated since Webots 8.3.0: movieStartRecording(), movieStopRecording(), movieGetStatus()
    virtual void startMovie(const std::string &file, int width, int height, int codec, int quality, int acceleration,
                            bool caption);
    virtual void stopMovie();
    int getMovieStatus();

    // deprecated since Webots 8.4.0: movieIsReady() and movieFailed()
    enum { MOVIE_READY = 0, MOVIE_RECORDING, MOVIE_SAVING, MOVIE_WRITE_ERROR, MOVIE_ENCODING_ERROR, MOVIE_SIMULATION_ERROR };
    int movieGetStatus() const;
  };
}  // namespace webots

#endif  // SUPERVISOR_HPP
