// Altimeter, LightSensor, Radar, RangeFinder and Lidar: forward to their C headers with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/altimeter.h>
#include <webots/lidar.h>
#include <webots/light_sensor.h>
#include <webots/radar.h>
#include <webots/range_finder.h>
#include <webots/Altimeter.hpp>
#include <webots/Lidar.hpp>
#include <webots/LightSensor.hpp>
#include <webots/Radar.hpp>
#include <webots/RangeFinder.hpp>

using namespace webots;

void Altimeter::enable(int samplingPeriod) {
  wb_altimeter_enable(getTag(), samplingPeriod);
}

void Altimeter::disable() {
  wb_altimeter_disable(getTag());
}

int Altimeter::getSamplingPeriod() const {
  return wb_altimeter_get_sampling_period(getTag());
}

double Altimeter::getValue() const {
  return wb_altimeter_get_value(getTag());
}

void LightSensor::enable(int samplingPeriod) {
  wb_light_sensor_enable(getTag(), samplingPeriod);
}

void LightSensor::disable() {
  wb_light_sensor_disable(getTag());
}

int LightSensor::getSamplingPeriod() const {
  return wb_light_sensor_get_sampling_period(getTag());
}

double LightSensor::getValue() const {
  return wb_light_sensor_get_value(getTag());
}

int LightSensor::getLookupTableSize() const {
  return wb_light_sensor_get_lookup_table_size(getTag());
}

const double *LightSensor::getLookupTable() const {
  return wb_light_sensor_get_lookup_table(getTag());
}

void Radar::enable(int samplingPeriod) {
  wb_radar_enable(getTag(), samplingPeriod);
}

void Radar::disable() {
  wb_radar_disable(getTag());
}

int Radar::getSamplingPeriod() const {
  return wb_radar_get_sampling_period(getTag());
}

int Radar::getNumberOfTargets() const {
  return wb_radar_get_number_of_targets(getTag());
}

const RadarTarget *Radar::getTargets() const {
  return wb_radar_get_targets(getTag());
}

double Radar::getMinRange() const {
  return wb_radar_get_min_range(getTag());
}

double Radar::getMaxRange() const {
  return wb_radar_get_max_range(getTag());
}

double Radar::getHorizontalFov() const {
  return wb_radar_get_horizontal_fov(getTag());
}

double Radar::getVerticalFov() const {
  return wb_radar_get_vertical_fov(getTag());
}

void RangeFinder::enable(int samplingPeriod) {
  wb_range_finder_enable(getTag(), samplingPeriod);
}

void RangeFinder::disable() {
  wb_range_finder_disable(getTag());
}

int RangeFinder::getSamplingPeriod() const {
  return wb_range_finder_get_sampling_period(getTag());
}

const float *RangeFinder::getRangeImage() const {
  return wb_range_finder_get_range_image(getTag());
}

int RangeFinder::getWidth() const {
  return wb_range_finder_get_width(getTag());
}

int RangeFinder::getHeight() const {
  return wb_range_finder_get_height(getTag());
}

double RangeFinder::getFov() const {
  return wb_range_finder_get_fov(getTag());
}

double RangeFinder::getMinRange() const {
  return wb_range_finder_get_min_range(getTag());
}

double RangeFinder::getMaxRange() const {
  return wb_range_finder_get_max_range(getTag());
}

int RangeFinder::saveImage(const std::string &filename, int quality) const {
  return wb_range_finder_save_image(getTag(), filename.c_str(), quality);
}

float RangeFinder::rangeImageGetDepth(const float *image, int width, int x, int y) {
  return wb_range_finder_image_get_depth(image, width, x, y);
}

void Lidar::enable(int samplingPeriod) {
  wb_lidar_enable(getTag(), samplingPeriod);
}

void Lidar::enablePointCloud() {
  wb_lidar_enable_point_cloud(getTag());
}

void Lidar::disable() {
  wb_lidar_disable(getTag());
}

void Lidar::disablePointCloud() {
  wb_lidar_disable_point_cloud(getTag());
}

int Lidar::getSamplingPeriod() const {
  return wb_lidar_get_sampling_period(getTag());
}

bool Lidar::isPointCloudEnabled() const {
  return wb_lidar_is_point_cloud_enabled(getTag());
}

const float *Lidar::getRangeImage() const {
  return wb_lidar_get_range_image(getTag());
}

const float *Lidar::getLayerRangeImage(int layer) const {
  return wb_lidar_get_layer_range_image(getTag(), layer);
}

const LidarPoint *Lidar::getPointCloud() const {
  return wb_lidar_get_point_cloud(getTag());
}

const LidarPoint *Lidar::getLayerPointCloud(int layer) const {
  return wb_lidar_get_layer_point_cloud(getTag(), layer);
}

int Lidar::getNumberOfPoints() const {
  return wb_lidar_get_number_of_points(getTag());
}

int Lidar::getHorizontalResolution() const {
  return wb_lidar_get_horizontal_resolution(getTag());
}

int Lidar::getNumberOfLayers() const {
  return wb_lidar_get_number_of_layers(getTag());
}

double Lidar::getMinFrequency() const {
  return wb_lidar_get_min_frequency(getTag());
}

double Lidar::getMaxFrequency() const {
  return wb_lidar_get_max_frequency(getTag());
}

double Lidar::getFrequency() const {
  return wb_lidar_get_frequency(getTag());
}

void Lidar::setFrequency(double frequency) {
  wb_lidar_set_frequency(getTag(), frequency);
}

double Lidar::getFov() const {
  return wb_lidar_get_fov(getTag());
}

double Lidar::getVerticalFov() const {
  return wb_lidar_get_vertical_fov(getTag());
}

double Lidar::getMinRange() const {
  return wb_lidar_get_min_range(getTag());
}

double Lidar::getMaxRange() const {
  return wb_lidar_get_max_range(getTag());
}
