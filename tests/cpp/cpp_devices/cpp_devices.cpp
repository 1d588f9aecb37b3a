// The C++ classes of cameras, range finders, lidars, radars, displays, light sensors, altimeters, pens,
// speakers, skins and vacuum grippers, for tests/cpp_api.rs: a robot 0.5 m high looks at a red box
// 1 m ahead, with a point light 1 m ahead of its light sensor and a radar target 10 m away.
#include <webots/Altimeter.hpp>
#include <webots/Camera.hpp>
#include <webots/Display.hpp>
#include <webots/Lidar.hpp>
#include <webots/LightSensor.hpp>
#include <webots/Pen.hpp>
#include <webots/Radar.hpp>
#include <webots/RangeFinder.hpp>
#include <webots/Robot.hpp>
#include <webots/Skin.hpp>
#include <webots/Speaker.hpp>
#include <webots/VacuumGripper.hpp>

#include <cmath>

#include "check.h"

using namespace webots;

int main() {
  Robot *robot = new Robot();
  Camera *camera = robot->getCamera("camera");
  RangeFinder *rf = robot->getRangeFinder("range-finder");
  Lidar *lidar = robot->getLidar("lidar");
  Radar *radar = robot->getRadar("radar");
  Display *display = robot->getDisplay("display");
  LightSensor *light = robot->getLightSensor("light sensor");
  Altimeter *altimeter = robot->getAltimeter("altimeter");
  Pen *pen = robot->getPen("pen");
  Speaker *speaker = robot->getSpeaker("speaker");
  Skin *skin = robot->getSkin("skin");
  VacuumGripper *gripper = robot->getVacuumGripper("vacuum gripper");
  CHECK(camera && rf && lidar && radar && display && light && altimeter && pen && speaker && skin && gripper,
        "a device is missing");
  CHECK(camera == robot->getDevice("camera"), "one object per device");
  CHECK(robot->getCamera("lidar") == NULL, "a lidar is no camera");

  camera->enable(32);
  camera->recognitionEnable(32);
  rf->enable(32);
  lidar->enable(32);
  lidar->enablePointCloud();
  radar->enable(32);
  light->enable(32);
  altimeter->enable(32);
  gripper->enablePresence(32);
  pen->setInkColor(0x00FF00, 1.0);
  pen->write(false);
  CHECK_INT(robot->step(32), 0);

  const unsigned char *image = camera->getImage();
  // the box glows red (emissive 1; the light is behind it): Webots' exposure mapping of 1 is 207
  CHECK_INT(Camera::imageGetRed(image, camera->getWidth(), 8, 8), 207);
  CHECK_INT(Camera::imageGetGray(image, camera->getWidth(), 8, 8), 69);
  CHECK_INT(camera->getRecognitionNumberOfObjects(), 1);
  CHECK_STR(camera->getRecognitionObjects()[0].model, "red box");
  const float *depth = rf->getRangeImage();
  CHECK(std::fabs(RangeFinder::rangeImageGetDepth(depth, rf->getWidth(), rf->getWidth() / 2, rf->getHeight() / 2) - 0.9) <
          1e-5,
        "depth");
  CHECK_INT(lidar->getNumberOfPoints(), lidar->getHorizontalResolution() * lidar->getNumberOfLayers());
  const LidarPoint *cloud = lidar->getLayerPointCloud(0);
  CHECK(cloud != NULL && std::fabs(cloud[lidar->getHorizontalResolution() / 2].x - 0.9f) < 1e-4, "point cloud");
  CHECK_INT(radar->getNumberOfTargets(), 1);
  CHECK(std::fabs(radar->getTargets()[0].distance - 10.0) < 1e-6, "radar distance");
  CHECK(std::fabs(light->getValue() - 1000.0) < 1e-6, "light %f", light->getValue());
  CHECK(std::fabs(altimeter->getValue() - 0.5) < 1e-9, "altitude");
  CHECK(!gripper->getPresence() && !gripper->isOn(), "gripper");

  // the display: a green pixel read back through an image copy saved as PNG
  display->setColor(0x00FF00);
  display->drawPixel(1, 1);
  ImageRef *copy = display->imageCopy(0, 0, 2, 2);
  CHECK(copy != NULL, "imageCopy");
  display->imageSave(copy, "copy.png");
  display->imageDelete(copy);
  display->attachCamera(camera);
  display->detachCamera();

  Speaker::playSound(speaker, speaker, "missing.wav", 1.0, 1.0, 0.0, true);
  CHECK(speaker->isSoundPlaying("missing.wav"), "a looping sound plays");
  speaker->stop("missing.wav");
  CHECK(!speaker->isSoundPlaying(""), "stopped");
  CHECK_STRING(speaker->getEngine(), "pico");
  CHECK_INT(skin->getBoneCount(), 0);
  CHECK_STRING(skin->getBoneName(0), "");

  std::printf("cpp_devices: all checks passed at t=%.3f\n", robot->getTime());
  delete robot;
  return 0;
}
