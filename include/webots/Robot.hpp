// webots-shim C++ API: the Robot, owner of the controller's single connection and of its devices.
//
// A controller creates one Robot (or Supervisor); it connects on construction and says goodbye
// (wb_robot_cleanup) on destruction. Device objects are made on first request by the virtual
// createX(tag) factories, which a subclass may override to return its own device classes, and live as
// long as the Robot.
#ifndef ROBOT_HPP
#define ROBOT_HPP

// Webots' Robot.hpp brings these in; controllers written against it may rely on them.
#include <iostream>
#include <string>
#include <vector>

#include "../../c/webots/types.h"

namespace webots {
  class Accelerometer;
  class Altimeter;
  class Brake;
  class Camera;
  class Compass;
  class Connector;
  class Device;
  class Display;
  class DistanceSensor;
  class Emitter;
  class GPS;
  class Gyro;
  class InertialUnit;
  class Joystick;
  class Keyboard;
  class LED;
  class Lidar;
  class LightSensor;
  class Motor;
  class Mouse;
  class Pen;
  class PositionSensor;
  class Radar;
  class RangeFinder;
  class Receiver;
  class Skin;
  class Speaker;
  class TouchSensor;
  class VacuumGripper;

  class Robot {
  public:
    typedef enum { MODE_SIMULATION = 0, MODE_CROSS_COMPILATION, MODE_REMOTE_CONTROL } Mode;

    typedef enum {
      EVENT_QUIT = -1,
      EVENT_NO_EVENT = 0,
      EVENT_MOUSE_CLICK = 1,
      EVENT_MOUSE_MOVE = 2,
      EVENT_KEYBOARD = 4,
      EVENT_JOYSTICK_BUTTON = 8,
      EVENT_JOYSTICK_AXIS = 16,
      EVENT_JOYSTICK_POV = 32
    } UserInputEvent;

    Robot();
    virtual ~Robot();

    virtual int step(int duration);
    int stepBegin(int duration);
    int stepEnd();
    UserInputEvent waitForUserInputEvent(UserInputEvent event_type, int timeout);
    std::string getName() const;
    std::string getUrdf(std::string prefix = "") const;
    double getTime() const;
    std::string getModel() const;
    std::string getCustomData() const;
    void setCustomData(const std::string &data);
    Mode getMode() const;
    void setMode(Mode mode, const char *arg);
    bool getSupervisor() const;
    bool getSynchronization() const;
    std::string getProjectPath() const;
    std::string getWorldPath() const;
    double getBasicTimeStep() const;
    int getNumberOfDevices() const;
    Device *getDeviceByIndex(int index);
    Device *getDevice(const std::string &name);

    virtual void batterySensorEnable(int samplingPeriod);
    virtual void batterySensorDisable();
    int batterySensorGetSamplingPeriod() const;
    double batterySensorGetValue() const;

    // the robot window (none headless: nothing is received, what is sent is dropped)
    void *windowCustomFunction(void *arg);
    void wwiSend(const char *data, int size);
    void wwiSendText(const std::string &text);
    const char *wwiReceive(int *size);
    std::string wwiReceiveText();

    // Typed lookups, the older style (getDevice() and a cast is the current one): NULL when `name`
    // is not a device of that class.
    Altimeter *getAltimeter(const std::string &name);
    Camera *getCamera(const std::string &name);
    Compass *getCompass(const std::string &name);
    Connector *getConnector(const std::string &name);
    Display *getDisplay(const std::string &name);
    Emitter *getEmitter(const std::string &name);
    Lidar *getLidar(const std::string &name);
    LightSensor *getLightSensor(const std::string &name);
    Pen *getPen(const std::string &name);
    Radar *getRadar(const std::string &name);
    RangeFinder *getRangeFinder(const std::string &name);
    Receiver *getReceiver(const std::string &name);
    Accelerometer *getAccelerometer(const std::string &name);
    DistanceSensor *getDistanceSensor(const std::string &name);
    GPS *getGPS(const std::string &name);
    Gyro *getGyro(const std::string &name);
    InertialUnit *getInertialUnit(const std::string &name);
    TouchSensor *getTouchSensor(const std::string &name);
    Skin *getSkin(const std::string &name);
    Speaker *getSpeaker(const std::string &name);
    VacuumGripper *getVacuumGripper(const std::string &name);
    Motor *getMotor(const std::string &name);
    PositionSensor *getPositionSensor(const std::string &name);
    Brake *getBrake(const std::string &name);
    LED *getLED(const std::string &name);

    // the user input devices, made with the Robot
    Joystick *getJoystick() { return mJoystick; }
    Keyboard *getKeyboard() { return mKeyboard; }
    Mouse *getMouse() { return mMouse; }

    // deprecated since Webots 2018a: getCustomData() / setCustomData()
    std::string getData() const;
    void setData(const std::string &data);

    // internal helpers, public as in Webots
    static Device *getDeviceFromTag(int tag);
    static int getDeviceTypeFromTag(int tag);
    static std::string getDeviceNameFromTag(int tag);
    static int getDeviceTagFromIndex(int index);
    static int getDeviceTagFromName(const std::string &name);

  protected:
    static Robot *cInstance;
    virtual Altimeter *createAltimeter(WbDeviceTag tag) const;
    virtual Camera *createCamera(WbDeviceTag tag) const;
    virtual Compass *createCompass(WbDeviceTag tag) const;
    virtual Connector *createConnector(WbDeviceTag tag) const;
    virtual Display *createDisplay(WbDeviceTag tag) const;
    virtual Emitter *createEmitter(WbDeviceTag tag) const;
    virtual Lidar *createLidar(WbDeviceTag tag) const;
    virtual LightSensor *createLightSensor(WbDeviceTag tag) const;
    virtual Pen *createPen(WbDeviceTag tag) const;
    virtual Radar *createRadar(WbDeviceTag tag) const;
    virtual RangeFinder *createRangeFinder(WbDeviceTag tag) const;
    virtual Receiver *createReceiver(WbDeviceTag tag) const;
    virtual Accelerometer *createAccelerometer(WbDeviceTag tag) const;
    virtual DistanceSensor *createDistanceSensor(WbDeviceTag tag) const;
    virtual GPS *createGPS(WbDeviceTag tag) const;
    virtual Gyro *createGyro(WbDeviceTag tag) const;
    virtual InertialUnit *createInertialUnit(WbDeviceTag tag) const;
    virtual TouchSensor *createTouchSensor(WbDeviceTag tag) const;
    virtual Skin *createSkin(WbDeviceTag tag) const;
    virtual Speaker *createSpeaker(WbDeviceTag tag) const;
    virtual VacuumGripper *createVacuumGripper(WbDeviceTag tag) const;
    virtual Brake *createBrake(WbDeviceTag tag) const;
    virtual LED *createLED(WbDeviceTag tag) const;
    virtual Motor *createMotor(WbDeviceTag tag) const;
    virtual PositionSensor *createPositionSensor(WbDeviceTag tag) const;

  private:
    Keyboard *mKeyboard;
    Joystick *mJoystick;
    Mouse *mMouse;
    Device *getOrCreateDevice(int tag);
    Device *createDevice(WbDeviceTag tag) const;
    static std::vector<Device *> deviceList;
  };
}  // namespace webots

#endif  // ROBOT_HPP
