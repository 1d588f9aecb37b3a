//! One entry per tag: what every device has (type, name, model) and its device-specific local state.

use std::ffi::CString;

use super::c_string;
use super::compass::CompassState;
use super::connector::ConnectorState;
use super::emitter::EmitterState;
use super::led::LedState;
use super::local::{self, LocalDevice};
use super::motor::MotorState;
use super::receiver::ReceiverState;
use super::sensor::SensorState;
use crate::protocol::node_type::{NodeTypeCode, ROBOT};
use crate::protocol::{DeviceCommands, DeviceConfig, DeviceSetup, EventRef};

pub struct DeviceSlot {
    pub node_type: NodeTypeCode,
    pub name: CString,
    pub model: CString,
    pub state: DeviceState,
}

/// Device-specific controller-side state; each device issue adds a variant.
pub enum DeviceState {
    /// Tag 0.
    Robot,
    /// A device with no simulated functions yet.
    Plain,
    Emitter(EmitterState),
    Receiver(ReceiverState),
    Compass(CompassState),
    Connector(ConnectorState),
    Sensor(SensorState),
    Motor(MotorState),
    Led(LedState),
    /// Devices whose state is their own type (cameras, displays, speakers...): see local.rs.
    Local(Box<dyn LocalDevice>),
}

impl DeviceSlot {
    pub fn robot(name: &str, model: &str) -> DeviceSlot {
        DeviceSlot { node_type: ROBOT, name: c_string(name), model: c_string(model), state: DeviceState::Robot }
    }

    pub fn from_config(config: &DeviceConfig) -> DeviceSlot {
        if let Some(local) = local::state_for(config.node_type, &config.setup) {
            let (name, model) = (c_string(&config.name), c_string(&config.model));
            return DeviceSlot { node_type: config.node_type, name, model, state: DeviceState::Local(local) };
        }
        let state = match &config.setup {
            DeviceSetup::Plain => DeviceState::Plain,
            DeviceSetup::Emitter(setup) => DeviceState::Emitter(EmitterState::new(setup)),
            DeviceSetup::Receiver(setup) => DeviceState::Receiver(ReceiverState::new(setup)),
            DeviceSetup::Compass(setup) => DeviceState::Compass(CompassState::new(setup)),
            DeviceSetup::Connector(setup) => DeviceState::Connector(ConnectorState::new(setup)),
            DeviceSetup::Sensor(setup) => DeviceState::Sensor(SensorState::new(setup)),
            DeviceSetup::Motor(setup) => DeviceState::Motor(MotorState::new(setup)),
            DeviceSetup::Led => DeviceState::Led(LedState::default()),
            DeviceSetup::Imager(_) => DeviceState::Plain,
        };
        DeviceSlot { node_type: config.node_type, name: c_string(&config.name), model: c_string(&config.model), state }
    }
}

impl DeviceState {
    /// Appends this device's commands for a request of `duration_ms`.
    pub fn write_request(&mut self, tag: u16, duration_ms: u32, out: &mut DeviceCommands) {
        match self {
            DeviceState::Robot | DeviceState::Plain => {}
            DeviceState::Led(l) => l.write_request(tag, out),
            DeviceState::Emitter(e) => e.write_request(tag, duration_ms, out),
            DeviceState::Receiver(r) => r.write_request(tag, out),
            DeviceState::Compass(c) => c.write_request(tag, out),
            DeviceState::Connector(c) => c.write_request(tag, out),
            DeviceState::Sensor(s) => s.write_request(tag, out),
            DeviceState::Motor(m) => m.write_request(tag, out),
            DeviceState::Local(d) => d.write_request(tag, duration_ms, out),
        }
    }

    /// Applies one event of the world's answer.
    pub fn read_event(&mut self, event: EventRef<'_>) {
        match (self, event) {
            (DeviceState::Receiver(r), EventRef::Packet(p)) => r.receive(&p),
            (DeviceState::Receiver(r), EventRef::Config(DeviceSetup::Receiver(setup))) => r.apply_config(setup),
            (DeviceState::Emitter(e), EventRef::Config(DeviceSetup::Emitter(setup))) => e.apply_config(setup),
            (DeviceState::Compass(c), EventRef::CompassValues(v)) => c.values = v,
            (DeviceState::Compass(c), EventRef::Config(DeviceSetup::Compass(setup))) => c.configure(setup),
            (DeviceState::Connector(c), EventRef::ConnectorPresence(p)) => c.presence = p,
            (DeviceState::Connector(c), EventRef::Config(DeviceSetup::Connector(setup))) => c.configure(setup),
            (DeviceState::Sensor(s), EventRef::Sample(v)) => s.receive(v),
            (DeviceState::Sensor(s), EventRef::Config(DeviceSetup::Sensor(setup))) => s.configure(setup),
            (DeviceState::Motor(m), EventRef::Sample(v)) => m.feedback = v[0],
            (DeviceState::Motor(m), EventRef::Config(DeviceSetup::Motor(setup))) => m.configure(setup),
            (DeviceState::Local(d), event) => d.read_event(event),
            _ => {}
        }
    }
}
