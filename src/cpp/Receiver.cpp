// Receiver: forwards to receiver.h with the device's tag.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/receiver.h>
#include <webots/Receiver.hpp>

using namespace webots;

void Receiver::enable(int samplingPeriod) {
  wb_receiver_enable(getTag(), samplingPeriod);
}

void Receiver::disable() {
  wb_receiver_disable(getTag());
}

int Receiver::getSamplingPeriod() const {
  return wb_receiver_get_sampling_period(getTag());
}

void Receiver::setChannel(int channel) {
  wb_receiver_set_channel(getTag(), channel);
}

int Receiver::getChannel() const {
  return wb_receiver_get_channel(getTag());
}

int Receiver::getQueueLength() const {
  return wb_receiver_get_queue_length(getTag());
}

void Receiver::nextPacket() {
  wb_receiver_next_packet(getTag());
}

int Receiver::getDataSize() const {
  return wb_receiver_get_data_size(getTag());
}

const void *Receiver::getData() const {
  return wb_receiver_get_data(getTag());
}

double Receiver::getSignalStrength() const {
  return wb_receiver_get_signal_strength(getTag());
}

const double *Receiver::getEmitterDirection() const {
  return wb_receiver_get_emitter_direction(getTag());
}
