// webots-shim's SWIG interface: the Java package com.cyberbotics.webots.controller over our C++ API
// (include/webots/*.hpp, libCppController). `src/java/generate.sh` runs SWIG on it and writes
// src/java/generated/ (committed); build.rs compiles the C++ glue into libJavaController.so and the Java
// classes into Controller.jar.
//
// What the Java API is, from Webots' reference: every class and method of the C++ API under the same
// names; vectors are double[] (lengths by what they hold), packets byte[], images int[] (one pixel per
// int, 0xAARRGGBB), ranges float[]; Node, Field and Proto objects are one per C++ object (the same
// node gives the same Java object); devices are made by the Java Robot (its createX factories) and
// handed out by getDevice(name).

%module JavaControllerWrap

%{
#include <webots/Accelerometer.hpp>
#include <webots/Altimeter.hpp>
#include <webots/Brake.hpp>
#include <webots/Camera.hpp>
#include <webots/Compass.hpp>
#include <webots/contact_point.h>
#include <webots/Connector.hpp>
#include <webots/Device.hpp>
#include <webots/Display.hpp>
#include <webots/DistanceSensor.hpp>
#include <webots/Emitter.hpp>
#include <webots/Field.hpp>
#include <webots/GPS.hpp>
#include <webots/Gyro.hpp>
#include <webots/ImageRef.hpp>
#include <webots/InertialUnit.hpp>
#include <webots/Joystick.hpp>
#include <webots/Keyboard.hpp>
#include <webots/LED.hpp>
#include <webots/Lidar.hpp>
#include <webots/LightSensor.hpp>
#include <webots/Motor.hpp>
#include <webots/Mouse.hpp>
#include <webots/Node.hpp>
#include <webots/Pen.hpp>
#include <webots/PositionSensor.hpp>
#include <webots/Proto.hpp>
#include <webots/Radar.hpp>
#include <webots/RangeFinder.hpp>
#include <webots/Receiver.hpp>
#include <webots/Robot.hpp>
#include <webots/Skin.hpp>
#include <webots/Speaker.hpp>
#include <webots/Supervisor.hpp>
#include <webots/TouchSensor.hpp>
#include <webots/VacuumGripper.hpp>
#include <webots/utils/Motion.hpp>

#include <cstring>
#include <string>

// Device's constructors are protected: what the Java `new Device(name)` makes
class ShimPlainDevice : public webots::Device {
public:
  explicit ShimPlainDevice(const std::string &name) : webots::Device(name) {}
};

// How many doubles a `const double *` result holds, by the wrapper's name (Class_method, overloads
// carry a __SWIG_n suffix): 3 unless the method says otherwise.
static int shim_vector_length(const char *symname) {
  std::string name(symname);
  const size_t overload = name.find("__SWIG");
  if (overload != std::string::npos)
    name.erase(overload);
  static const struct {
    const char *name;
    int length;
  } lengths[] = {{"Field_getSFVec2f", 2},
                 {"Field_getMFVec2f", 2},
                 {"Field_getSFRotation", 4},
                 {"Field_getMFRotation", 4},
                 {"InertialUnit_getQuaternion", 4},
                 {"Skin_getBoneOrientation", 4},
                 {"CameraRecognitionObject_getOrientation", 4},
                 {"CameraRecognitionObject_getSize", 2},
                 {"Node_getOrientation", 9},
                 {"Node_getPose", 16},
                 {"Node_getVelocity", 6},
                 {"Supervisor_virtualRealityHeadsetGetOrientation", 9}};
  for (const auto &entry : lengths)
    if (name == entry.name)
      return entry.length;
  return 3;
}

// A Java array copied from `values` (null for a NULL pointer: the library's answer to a bad call).
static jdoubleArray shim_doubles(JNIEnv *jenv, const double *values, int length) {
  if (!values || length < 0)
    return NULL;
  jdoubleArray array = jenv->NewDoubleArray(length);
  if (array)
    jenv->SetDoubleArrayRegion(array, 0, length, values);
  return array;
}

static jfloatArray shim_floats(JNIEnv *jenv, const float *values, int length) {
  if (!values || length < 0)
    return NULL;
  jfloatArray array = jenv->NewFloatArray(length);
  if (array)
    jenv->SetFloatArrayRegion(array, 0, length, values);
  return array;
}

// An image of BGRA bytes as one int per pixel: on a little-endian machine the four bytes read as
// 0xAARRGGBB, which is what Camera.imageGetRed() and the others take apart.
static jintArray shim_pixels(JNIEnv *jenv, const unsigned char *image, int width, int height) {
  if (!image || width <= 0 || height <= 0)
    return NULL;
  const int count = width * height;
  jintArray array = jenv->NewIntArray(count);
  if (!array)
    return NULL;
  jint *pixels = jenv->GetIntArrayElements(array, NULL);
  for (int i = 0; i < count; ++i) {
    const unsigned char *p = image + 4 * i;
    pixels[i] = (jint)(((unsigned int)p[3] << 24) | ((unsigned int)p[2] << 16) | ((unsigned int)p[1] << 8) | p[0]);
  }
  jenv->ReleaseIntArrayElements(array, pixels, 0);
  return array;
}

static jbyteArray shim_bytes(JNIEnv *jenv, const void *data, int size) {
  if (!data || size < 0)
    return NULL;
  jbyteArray array = jenv->NewByteArray(size);
  if (array)
    jenv->SetByteArrayRegion(array, 0, size, (const jbyte *)data);
  return array;
}
%}

%include "arrays_java.i"

// types.h, which SWIG does not read
typedef unsigned short WbDeviceTag;
%include "enumsimple.swg"
%include "std_string.i"
%javaconst(1);

// the native library, found through java.library.path (the runner sets it to lib/controller/java)
%pragma(java) jniclasscode=%{
  static {
    try {
      System.loadLibrary("JavaController");
    } catch (UnsatisfiedLinkError e) {
      System.err.println("Cannot load libJavaController.so (" + e.getMessage() + "): run the controller with "
                         + "-Djava.library.path=$WEBOTS_HOME/lib/controller/java, as the runner does");
      System.exit(1);
    }
  }
%}

//------------------------------------------------------------------------------------------------
// Results that are arrays
//------------------------------------------------------------------------------------------------

%typemap(jni) const double * "jdoubleArray"
%typemap(jtype) const double * "double[]"
%typemap(jstype) const double * "double[]"
%typemap(javaout) const double * { return $jnicall; }
%typemap(out) const double * { $result = shim_doubles(jenv, $1, shim_vector_length("$symname")); }
%typemap(out) const double *getLookupTable { $result = shim_doubles(jenv, $1, 3 * arg1->getLookupTableSize()); }

// vectors given: double[] of the length the method reads (checked, so a short array is an exception,
// not a read past its end)
%define SHIM_DOUBLES_IN(LENGTH)
%typemap(jni) const double [LENGTH] "jdoubleArray"
%typemap(jtype) const double [LENGTH] "double[]"
%typemap(jstype) const double [LENGTH] "double[]"
%typemap(javain) const double [LENGTH] "$javainput"
%typemap(in) const double [LENGTH] (jdouble *elements) {
  if (!$input) {
    SWIG_JavaThrowException(jenv, SWIG_JavaNullPointerException, "null array");
    return $null;
  }
  if (jenv->GetArrayLength($input) < LENGTH) {
    SWIG_JavaThrowException(jenv, SWIG_JavaIndexOutOfBoundsException, "the array must hold " #LENGTH " values");
    return $null;
  }
  elements = jenv->GetDoubleArrayElements($input, NULL);
  $1 = (double *)elements;
}
%typemap(argout) const double [LENGTH] ""
%typemap(freearg) const double [LENGTH] { jenv->ReleaseDoubleArrayElements($input, elements$argnum, JNI_ABORT); }
%enddef
SHIM_DOUBLES_IN(2)
SHIM_DOUBLES_IN(3)
SHIM_DOUBLES_IN(4)
SHIM_DOUBLES_IN(6)

%typemap(jni) const float * "jfloatArray"
%typemap(jtype) const float * "float[]"
%typemap(jstype) const float * "float[]"
%typemap(javaout) const float * { return $jnicall; }

%typemap(jni) const unsigned char * "jintArray"
%typemap(jtype) const unsigned char * "int[]"
%typemap(jstype) const unsigned char * "int[]"
%typemap(javaout) const unsigned char * { return $jnicall; }
%typemap(out) const unsigned char * { $result = shim_pixels(jenv, $1, arg1->getWidth(), arg1->getHeight()); }

//------------------------------------------------------------------------------------------------
// Node, Field and Proto: one Java object per C++ object, null for none
//------------------------------------------------------------------------------------------------

%define SHIM_CACHED(CLASS)
%typemap(javaout) webots::CLASS * { return CLASS.find($jnicall); }
%ignore webots::CLASS::find##CLASS;
%ignore webots::CLASS::cleanup;
%typemap(javacode) webots::CLASS %{
  private static final java.util.HashMap<Long, CLASS> known = new java.util.HashMap<Long, CLASS>();

  // the Java object of a C++ one: the same each time (used by the generated code)
  static synchronized CLASS find(long cPtr) {
    if (cPtr == 0)
      return null;
    CLASS object = known.get(cPtr);
    if (object == null) {
      object = new CLASS(cPtr, false);
      known.put(cPtr, object);
    }
    return object;
  }
%}
%enddef
SHIM_CACHED(Node)
SHIM_CACHED(Field)
SHIM_CACHED(Proto)

//------------------------------------------------------------------------------------------------
// Devices
//------------------------------------------------------------------------------------------------

// a device of a type without a class of its own (a Radio, a Microphone) is a plain Device
%javamethodmodifiers webots::Device::plain "protected";
%extend webots::Device {
  static webots::Device *plain(const std::string &name) { return new ShimPlainDevice(name); }
};
%include <webots/Device.hpp>
%include <webots/Accelerometer.hpp>
%include <webots/Altimeter.hpp>
%include <webots/Compass.hpp>
%include <webots/Connector.hpp>
%include <webots/DistanceSensor.hpp>
%include <webots/GPS.hpp>
%include <webots/Gyro.hpp>
%include <webots/InertialUnit.hpp>
%include <webots/LED.hpp>
%include <webots/LightSensor.hpp>
%include <webots/Pen.hpp>
%include <webots/TouchSensor.hpp>
%include <webots/VacuumGripper.hpp>

// the devices a motor, sensor or brake shares its joint with: the robot's own objects, by tag
%ignore webots::Motor::getBrake;
%ignore webots::Motor::getPositionSensor;
%ignore webots::PositionSensor::getBrake;
%ignore webots::PositionSensor::getMotor;
%ignore webots::Brake::getMotor;
%ignore webots::Brake::getPositionSensor;
%typemap(javacode) webots::Motor %{
  public Brake getBrake() { return (Brake)Robot.deviceOfTag(getBrakeTag()); }
  public PositionSensor getPositionSensor() { return (PositionSensor)Robot.deviceOfTag(getPositionSensorTag()); }
%}
%typemap(javacode) webots::PositionSensor %{
  public Brake getBrake() { return (Brake)Robot.deviceOfTag(getBrakeTag()); }
  public Motor getMotor() { return (Motor)Robot.deviceOfTag(getMotorTag()); }
%}
%typemap(javacode) webots::Brake %{
  public Motor getMotor() { return (Motor)Robot.deviceOfTag(getMotorTag()); }
  public PositionSensor getPositionSensor() { return (PositionSensor)Robot.deviceOfTag(getPositionSensorTag()); }
%}
%include <webots/Brake.hpp>
%include <webots/Motor.hpp>
%include <webots/PositionSensor.hpp>

// Emitter.send(byte[] data): the whole array is the packet
%typemap(jni) (const void *data, int size) "jbyteArray"
%typemap(jtype) (const void *data, int size) "byte[]"
%typemap(jstype) (const void *data, int size) "byte[]"
%typemap(javain) (const void *data, int size) "$javainput"
%typemap(in) (const void *data, int size) (jbyte *bytes) {
  bytes = $input ? jenv->GetByteArrayElements($input, NULL) : NULL;
  $1 = (void *)bytes;
  $2 = $input ? (int)jenv->GetArrayLength($input) : 0;
}
%typemap(freearg) (const void *data, int size) {
  if (bytes$argnum)
    jenv->ReleaseByteArrayElements($input, bytes$argnum, JNI_ABORT);
}
%include <webots/Emitter.hpp>

// Receiver.getData(): the packet's bytes
%typemap(jni) const void *getData "jbyteArray"
%typemap(jtype) const void *getData "byte[]"
%typemap(jstype) const void *getData "byte[]"
%typemap(javaout) const void *getData { return $jnicall; }
%typemap(out) const void *getData { $result = shim_bytes(jenv, $1, arg1->getDataSize()); }
%include <webots/Receiver.hpp>

// Camera: images as int[], recognised objects as an array, the pixel helpers on int[] images
%rename(CameraRecognitionObject) WbCameraRecognitionObject;
// its getters: getId(), getPosition(), getOrientation(), getSize(), getPositionOnImage(), getSizeOnImage(),
// getNumberOfColors(), getColors(), getModel()
%rename(positionOnImage) position_on_image;
%rename(sizeOnImage) size_on_image;
%rename(numberOfColors) number_of_colors;
%ignore colors;
%typemap(out) const double *getColors { $result = shim_doubles(jenv, $1, 3 * arg1->number_of_colors); }
%extend WbCameraRecognitionObject {
  const double *getColors() const { return $self->colors; }
};
%immutable;
%include <webots/camera_recognition_object.h>
%mutable;

%ignore webots::Camera::getRecognitionObjects;
%ignore webots::Camera::imageGetRed;
%ignore webots::Camera::imageGetGreen;
%ignore webots::Camera::imageGetBlue;
%ignore webots::Camera::imageGetGray;
%ignore webots::Camera::imageGetGrey;
%javamethodmodifiers webots::Camera::recognitionObject "private";
%extend webots::Camera {
  WbCameraRecognitionObject recognitionObject(int index) const { return $self->getRecognitionObjects()[index]; }
};
%typemap(javacode) webots::Camera %{
  public CameraRecognitionObject[] getRecognitionObjects() {
    final int count = getRecognitionNumberOfObjects();
    CameraRecognitionObject[] objects = new CameraRecognitionObject[Math.max(count, 0)];
    for (int i = 0; i < objects.length; ++i)
      objects[i] = recognitionObject(i);
    return objects;
  }

  public static int pixelGetRed(int pixel) { return (pixel >> 16) & 0xff; }
  public static int pixelGetGreen(int pixel) { return (pixel >> 8) & 0xff; }
  public static int pixelGetBlue(int pixel) { return pixel & 0xff; }
  public static int pixelGetGray(int pixel) { return (pixelGetRed(pixel) + pixelGetGreen(pixel) + pixelGetBlue(pixel)) / 3; }
  public static int pixelGetGrey(int pixel) { return pixelGetGray(pixel); }
  public static int imageGetRed(int[] image, int width, int x, int y) { return pixelGetRed(image[y * width + x]); }
  public static int imageGetGreen(int[] image, int width, int x, int y) { return pixelGetGreen(image[y * width + x]); }
  public static int imageGetBlue(int[] image, int width, int x, int y) { return pixelGetBlue(image[y * width + x]); }
  public static int imageGetGray(int[] image, int width, int x, int y) { return pixelGetGray(image[y * width + x]); }
  public static int imageGetGrey(int[] image, int width, int x, int y) { return pixelGetGray(image[y * width + x]); }
%}
%include <webots/Camera.hpp>

// Lidar and RangeFinder: ranges as float[], points as LidarPoint[]
%rename(LidarPoint) WbLidarPoint;
%rename(layerId) layer_id;
%immutable;
%include <webots/lidar_point.h>
%mutable;
%typemap(out) const float *getRangeImage { $result = shim_floats(jenv, $1, arg1->getHorizontalResolution() * arg1->getNumberOfLayers()); }
%typemap(out) const float *getLayerRangeImage { $result = shim_floats(jenv, $1, arg1->getHorizontalResolution()); }
%ignore webots::Lidar::getPointCloud;
%ignore webots::Lidar::getLayerPointCloud;
%javamethodmodifiers webots::Lidar::point "private";
%extend webots::Lidar {
  WbLidarPoint point(int layer, int index) const {
    return (layer < 0 ? $self->getPointCloud() : $self->getLayerPointCloud(layer))[index];
  }
};
%typemap(javacode) webots::Lidar %{
  public LidarPoint[] getPointCloud() {
    if (!isPointCloudEnabled())
      return null;
    LidarPoint[] points = new LidarPoint[getNumberOfPoints()];
    for (int i = 0; i < points.length; ++i)
      points[i] = point(-1, i);
    return points;
  }

  public LidarPoint[] getLayerPointCloud(int layer) {
    if (!isPointCloudEnabled() || layer < 0 || layer >= getNumberOfLayers())
      return null;
    LidarPoint[] points = new LidarPoint[getHorizontalResolution()];
    for (int i = 0; i < points.length; ++i)
      points[i] = point(layer, i);
    return points;
  }
%}
%include <webots/Lidar.hpp>

%ignore webots::RangeFinder::rangeImageGetDepth;
%typemap(javacode) webots::RangeFinder %{
  public static float rangeImageGetDepth(float[] image, int width, int x, int y) { return image[y * width + x]; }
%}
%typemap(out) const float *getRangeImage { $result = shim_floats(jenv, $1, arg1->getWidth() * arg1->getHeight()); }
%include <webots/RangeFinder.hpp>

// Radar: targets as RadarTarget[]
%rename(RadarTarget) WbRadarTarget;
%rename(receivedPower) received_power;
%immutable;
%include <webots/radar_target.h>
%mutable;
%ignore webots::Radar::getTargets;
%javamethodmodifiers webots::Radar::target "private";
%extend webots::Radar {
  WbRadarTarget target(int index) const { return $self->getTargets()[index]; }
};
%typemap(javacode) webots::Radar %{
  public RadarTarget[] getTargets() {
    RadarTarget[] targets = new RadarTarget[Math.max(getNumberOfTargets(), 0)];
    for (int i = 0; i < targets.length; ++i)
      targets[i] = target(i);
    return targets;
  }
%}
%include <webots/Radar.hpp>

// Display: images given as int[] pixels in `format`, polygons as two int[]
%apply int[] { const int *x, const int *y };
%typemap(jni) const void *data "jintArray"
%typemap(jtype) const void *data "int[]"
%typemap(jstype) const void *data "int[]"
%typemap(javain) const void *data "$javainput"
%typemap(in) const void *data (jint *pixels, std::string bytes) {
  // each int holds one pixel, its first byte (in `format`'s order) most significant
  if (!$input) {
    SWIG_JavaThrowException(jenv, SWIG_JavaNullPointerException, "null array");
    return $null;
  }
  const jsize count = jenv->GetArrayLength($input);
  pixels = jenv->GetIntArrayElements($input, NULL);
  bytes.resize(4 * (size_t)count);
  for (jsize i = 0; i < count; ++i) {
    const unsigned int v = (unsigned int)pixels[i];
    bytes[4 * i] = (char)(v >> 24);
    bytes[4 * i + 1] = (char)(v >> 16);
    bytes[4 * i + 2] = (char)(v >> 8);
    bytes[4 * i + 3] = (char)v;
  }
  jenv->ReleaseIntArrayElements($input, pixels, JNI_ABORT);
  $1 = (void *)bytes.data();
}
%ignore webots::ImageRef::ImageRef;
%ignore webots::ImageRef::getImageRef;
%typemap(javacode) webots::Display %{
  public void drawPolygon(int[] x, int[] y) { drawPolygon(x, y, Math.min(x.length, y.length)); }
  public void fillPolygon(int[] x, int[] y) { fillPolygon(x, y, Math.min(x.length, y.length)); }
%}
%include <webots/ImageRef.hpp>
%include <webots/Display.hpp>
%clear const int *x, const int *y;

%include <webots/Skin.hpp>
%include <webots/Speaker.hpp>

//------------------------------------------------------------------------------------------------
// User input, motions
//------------------------------------------------------------------------------------------------

%rename(MouseState) WbMouseState;
%immutable;
%include <webots/mouse_state.h>
%mutable;
%include <webots/Keyboard.hpp>
%include <webots/Joystick.hpp>
%include <webots/Mouse.hpp>
%ignore webots::Motion::getMotionRef;
%include <webots/utils/Motion.hpp>

//------------------------------------------------------------------------------------------------
// Robot: the devices, made in Java by the createX(name) factories a subclass may override
//------------------------------------------------------------------------------------------------

%ignore webots::Robot::getDevice;
%ignore webots::Robot::getDeviceByIndex;
%ignore webots::Robot::getDeviceFromTag;
%ignore webots::Robot::windowCustomFunction;
%ignore webots::Robot::wwiSend;
%ignore webots::Robot::wwiReceive;
%ignore webots::Robot::getKeyboard;
%ignore webots::Robot::getMouse;
%ignore webots::Robot::getJoystick;
%ignore webots::Robot::getAccelerometer;
%ignore webots::Robot::getAltimeter;
%ignore webots::Robot::getBrake;
%ignore webots::Robot::getCamera;
%ignore webots::Robot::getCompass;
%ignore webots::Robot::getConnector;
%ignore webots::Robot::getDisplay;
%ignore webots::Robot::getDistanceSensor;
%ignore webots::Robot::getEmitter;
%ignore webots::Robot::getGPS;
%ignore webots::Robot::getGyro;
%ignore webots::Robot::getInertialUnit;
%ignore webots::Robot::getLED;
%ignore webots::Robot::getLidar;
%ignore webots::Robot::getLightSensor;
%ignore webots::Robot::getMotor;
%ignore webots::Robot::getPen;
%ignore webots::Robot::getPositionSensor;
%ignore webots::Robot::getRadar;
%ignore webots::Robot::getRangeFinder;
%ignore webots::Robot::getReceiver;
%ignore webots::Robot::getSkin;
%ignore webots::Robot::getSpeaker;
%ignore webots::Robot::getTouchSensor;
%ignore webots::Robot::getVacuumGripper;
%typemap(javacode) webots::Robot %{
  // the devices by tag (index 0, the robot itself, stays null), made on first use
  private static Device[] devices;
  private static Robot instance;
  private final Keyboard keyboard = new Keyboard();
  private final Mouse mouse = new Mouse();
  private final Joystick joystick = new Joystick();

  public Keyboard getKeyboard() { return keyboard; }
  public Mouse getMouse() { return mouse; }
  public Joystick getJoystick() { return joystick; }

  public Device getDevice(String name) {
    return deviceFor(getDeviceTagFromName(name));
  }

  public Device getDeviceByIndex(int index) {
    if (index < 0 || index >= getNumberOfDevices())
      return null;
    return deviceFor(getDeviceTagFromIndex(index));
  }

  // the device of `tag`, made by this robot's factories (null for none)
  static Device deviceOfTag(int tag) {
    return instance == null ? null : instance.deviceFor(tag);
  }

  private synchronized Device deviceFor(int tag) {
    if (devices == null) {
      instance = this;
      devices = new Device[getNumberOfDevices() + 1];
    }
    if (tag <= 0 || tag >= devices.length)
      return null;
    if (devices[tag] == null)
      devices[tag] = create(getDeviceTypeFromTag(tag), getDeviceNameFromTag(tag));
    return devices[tag];
  }

  private Device create(int type, String name) {
    switch (type) {
      case Node.ACCELEROMETER: return createAccelerometer(name);
      case Node.ALTIMETER: return createAltimeter(name);
      case Node.BRAKE: return createBrake(name);
      case Node.CAMERA: return createCamera(name);
      case Node.COMPASS: return createCompass(name);
      case Node.CONNECTOR: return createConnector(name);
      case Node.DISPLAY: return createDisplay(name);
      case Node.DISTANCE_SENSOR: return createDistanceSensor(name);
      case Node.EMITTER: return createEmitter(name);
      case Node.GPS: return createGPS(name);
      case Node.GYRO: return createGyro(name);
      case Node.INERTIAL_UNIT: return createInertialUnit(name);
      case Node.LED: return createLED(name);
      case Node.LIDAR: return createLidar(name);
      case Node.LIGHT_SENSOR: return createLightSensor(name);
      case Node.LINEAR_MOTOR:
      case Node.ROTATIONAL_MOTOR: return createMotor(name);
      case Node.PEN: return createPen(name);
      case Node.POSITION_SENSOR: return createPositionSensor(name);
      case Node.RADAR: return createRadar(name);
      case Node.RANGE_FINDER: return createRangeFinder(name);
      case Node.RECEIVER: return createReceiver(name);
      case Node.SKIN: return createSkin(name);
      case Node.SPEAKER: return createSpeaker(name);
      case Node.TOUCH_SENSOR: return createTouchSensor(name);
      case Node.VACUUM_GRIPPER: return createVacuumGripper(name);
      default: return Device.plain(name);
    }
  }

  protected Accelerometer createAccelerometer(String name) { return new Accelerometer(name); }
  protected Altimeter createAltimeter(String name) { return new Altimeter(name); }
  protected Brake createBrake(String name) { return new Brake(name); }
  protected Camera createCamera(String name) { return new Camera(name); }
  protected Compass createCompass(String name) { return new Compass(name); }
  protected Connector createConnector(String name) { return new Connector(name); }
  protected Display createDisplay(String name) { return new Display(name); }
  protected DistanceSensor createDistanceSensor(String name) { return new DistanceSensor(name); }
  protected Emitter createEmitter(String name) { return new Emitter(name); }
  protected GPS createGPS(String name) { return new GPS(name); }
  protected Gyro createGyro(String name) { return new Gyro(name); }
  protected InertialUnit createInertialUnit(String name) { return new InertialUnit(name); }
  protected LED createLED(String name) { return new LED(name); }
  protected Lidar createLidar(String name) { return new Lidar(name); }
  protected LightSensor createLightSensor(String name) { return new LightSensor(name); }
  protected Motor createMotor(String name) { return new Motor(name); }
  protected Pen createPen(String name) { return new Pen(name); }
  protected PositionSensor createPositionSensor(String name) { return new PositionSensor(name); }
  protected Radar createRadar(String name) { return new Radar(name); }
  protected RangeFinder createRangeFinder(String name) { return new RangeFinder(name); }
  protected Receiver createReceiver(String name) { return new Receiver(name); }
  protected Skin createSkin(String name) { return new Skin(name); }
  protected Speaker createSpeaker(String name) { return new Speaker(name); }
  protected TouchSensor createTouchSensor(String name) { return new TouchSensor(name); }
  protected VacuumGripper createVacuumGripper(String name) { return new VacuumGripper(name); }

  // the typed lookups of older Webots versions: null when `name` is not a device of that class
  private <T extends Device> T typed(String name, Class<T> type) {
    final Device device = deviceFor(getDeviceTagFromName(name));
    return type.isInstance(device) ? type.cast(device) : null;
  }

  public Accelerometer getAccelerometer(String name) { return typed(name, Accelerometer.class); }
  public Altimeter getAltimeter(String name) { return typed(name, Altimeter.class); }
  public Brake getBrake(String name) { return typed(name, Brake.class); }
  public Camera getCamera(String name) { return typed(name, Camera.class); }
  public Compass getCompass(String name) { return typed(name, Compass.class); }
  public Connector getConnector(String name) { return typed(name, Connector.class); }
  public Display getDisplay(String name) { return typed(name, Display.class); }
  public DistanceSensor getDistanceSensor(String name) { return typed(name, DistanceSensor.class); }
  public Emitter getEmitter(String name) { return typed(name, Emitter.class); }
  public GPS getGPS(String name) { return typed(name, GPS.class); }
  public Gyro getGyro(String name) { return typed(name, Gyro.class); }
  public InertialUnit getInertialUnit(String name) { return typed(name, InertialUnit.class); }
  public LED getLED(String name) { return typed(name, LED.class); }
  public Lidar getLidar(String name) { return typed(name, Lidar.class); }
  public LightSensor getLightSensor(String name) { return typed(name, LightSensor.class); }
  public Motor getMotor(String name) { return typed(name, Motor.class); }
  public Pen getPen(String name) { return typed(name, Pen.class); }
  public PositionSensor getPositionSensor(String name) { return typed(name, PositionSensor.class); }
  public Radar getRadar(String name) { return typed(name, Radar.class); }
  public RangeFinder getRangeFinder(String name) { return typed(name, RangeFinder.class); }
  public Receiver getReceiver(String name) { return typed(name, Receiver.class); }
  public Skin getSkin(String name) { return typed(name, Skin.class); }
  public Speaker getSpeaker(String name) { return typed(name, Speaker.class); }
  public TouchSensor getTouchSensor(String name) { return typed(name, TouchSensor.class); }
  public VacuumGripper getVacuumGripper(String name) { return typed(name, VacuumGripper.class); }
%}
%include <webots/Robot.hpp>

//------------------------------------------------------------------------------------------------
// Supervisor, Node, Field, Proto
//------------------------------------------------------------------------------------------------

%rename(ContactPoint) WbContactPoint;
%rename(nodeId) node_id;
%immutable;
%include <webots/contact_point.h>
%mutable;
// Node.getContactPoints(boolean): the contact points as ContactPoint[]
%ignore webots::Node::getContactPoints;
%javamethodmodifiers webots::Node::contactPointAt "private";
%javamethodmodifiers webots::Node::contactPointCount "private";
%extend webots::Node {
  int contactPointCount(bool includeDescendants) const {
    int size = 0;
    $self->getContactPoints(includeDescendants, &size);
    return size;
  }
  WbContactPoint contactPointAt(bool includeDescendants, int index) const {
    int size = 0;
    return $self->getContactPoints(includeDescendants, &size)[index];
  }
  %proxycode %{
  public ContactPoint[] getContactPoints(boolean includeDescendants) {
    ContactPoint[] points = new ContactPoint[Math.max(contactPointCount(includeDescendants), 0)];
    for (int i = 0; i < points.length; ++i)
      points[i] = contactPointAt(includeDescendants, i);
    return points;
  }
  %}
};
%include <webots/Field.hpp>
%include <webots/Proto.hpp>
%include <webots/Node.hpp>
%include <webots/Supervisor.hpp>
