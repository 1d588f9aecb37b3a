// Connector: forwards to connector.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/connector.h>
#include <webots/Connector.hpp>

using namespace webots;

void Connector::enablePresence(int samplingPeriod) {
  wb_connector_enable_presence(getTag(), samplingPeriod);
}

void Connector::disablePresence() {
  wb_connector_disable_presence(getTag());
}

int Connector::getPresenceSamplingPeriod() const {
  return wb_connector_get_presence_sampling_period(getTag());
}

int Connector::getPresence() const {
  return wb_connector_get_presence(getTag());
}

bool Connector::isLocked() const {
  return wb_connector_is_locked(getTag());
}

void Connector::lock() {
  wb_connector_lock(getTag());
}

void Connector::unlock() {
  wb_connector_unlock(getTag());
}
