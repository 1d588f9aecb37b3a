//! Controller-side state of a vacuum gripper: the pump's state, the presence sampling period and the
//! last presence.

use super::local::{LocalDevice, Period};
use crate::protocol::{Command, DeviceCommand, DeviceCommands, DeviceSetup, EventRef, ImagerCommand, SensorSetup};

#[derive(Debug, Default)]
pub struct VacuumState {
    pub on: bool,
    toggled: bool,
    pub period: Period,
    pub presence: bool,
}

impl VacuumState {
    pub fn new(setup: &SensorSetup) -> VacuumState {
        VacuumState { on: setup.kind != 0, ..Default::default() }
    }

    pub fn turn(&mut self, on: bool) {
        self.on = on;
        self.toggled = true;
    }
}

impl LocalDevice for VacuumState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        if let Some(p) = self.period.take_change() {
            out.push(DeviceCommand { tag, command: Command::Sampling(p) });
        }
        if std::mem::take(&mut self.toggled) {
            out.push(DeviceCommand { tag, command: Command::Imager(ImagerCommand::VacuumOn(self.on)) });
        }
    }

    fn read_event(&mut self, event: EventRef<'_>) {
        match event {
            EventRef::Sample(v) => self.presence = v.first().is_some_and(|p| *p > 0.5),
            EventRef::Config(DeviceSetup::Sensor(s)) => self.on = s.kind != 0,
            _ => {}
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
