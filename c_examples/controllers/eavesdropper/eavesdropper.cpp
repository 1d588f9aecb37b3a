// A C++ controller (webots::Robot, webots::Receiver): sits beside the relay line of radio_demo.wbt,
// listens to the relay channel and, when the run ends, tells which relays it overheard and how strong
// their signal was. The relays' emitters reach 1.2 m, so only the nearest two are heard.
#include <webots/Receiver.hpp>
#include <webots/Robot.hpp>

#include <cstring>
#include <iomanip>
#include <iostream>
#include <map>

using namespace webots;

// The relays' packet (c_examples/controllers/relay/relay.c).
struct Message {
  int id;
  int hop;
  double sent;
};

class Eavesdropper : public Robot {
public:
  Eavesdropper() : mStep(static_cast<int>(getBasicTimeStep())), mReceiver(getReceiver("receiver")) {
    mReceiver->enable(mStep);
  }

  void run() {
    while (step(mStep) != -1) {
      for (; mReceiver->getQueueLength() > 0; mReceiver->nextPacket()) {
        Message m;
        if (mReceiver->getDataSize() != static_cast<int>(sizeof(m)))
          continue;
        std::memcpy(&m, mReceiver->getData(), sizeof(m));
        Heard &heard = mHeard[m.hop];
        heard.count++;
        heard.signal = mReceiver->getSignalStrength();
      }
    }
    report();
  }

private:
  struct Heard {
    int count = 0;
    double signal = 0;
  };

  void report() const {
    if (mHeard.empty()) {
      std::cout << "overheard nothing" << std::endl;
      return;
    }
    for (const auto &[relay, heard] : mHeard)
      std::cout << "overheard relay " << relay << ": " << heard.count << " packets, signal " << std::fixed
                << std::setprecision(2) << heard.signal << std::endl;
  }

  const int mStep;
  Receiver *const mReceiver;
  std::map<int, Heard> mHeard;
};

int main() {
  Eavesdropper *robot = new Eavesdropper();
  robot->run();
  delete robot;
  return 0;
}
