//! Controller-side state of a Radio node: its settings as last set or configured, and the setters to
//! send. Sending goes nowhere and nothing is received: there is no radio plugin headless.

use std::ffi::CString;

use super::local::{LocalDevice, Period};
use crate::protocol::{
    Command, DeviceCommand, DeviceCommands, DeviceSetup, EventRef, ImagerCommand, ImagerSetup, RadioSetting, RadioSetup,
};

#[derive(Debug)]
pub struct RadioState {
    pub setup: RadioSetup,
    pub address: CString,
    pub period: Period,
    pending: Vec<RadioSetting>,
    /// The callback the controller registered (never called: nothing is received).
    pub callback: Option<extern "C" fn(*mut std::ffi::c_void)>,
}

impl RadioState {
    pub fn new(setup: RadioSetup) -> RadioState {
        let address = super::c_string(&setup.address);
        RadioState { setup, address, period: Period::default(), pending: Vec::new(), callback: None }
    }

    pub fn set(&mut self, setting: RadioSetting) {
        match &setting {
            RadioSetting::Address(a) => {
                self.setup.address = a.clone();
                self.address = super::c_string(a);
            }
            RadioSetting::Frequency(f) => self.setup.frequency = *f,
            RadioSetting::Channel(c) => self.setup.channel = *c,
            RadioSetting::Bitrate(b) => self.setup.bitrate = *b,
            RadioSetting::RxSensitivity(s) => self.setup.rx_sensitivity = *s,
            RadioSetting::TxPower(p) => self.setup.tx_power = *p,
        }
        self.pending.push(setting);
    }
}

impl LocalDevice for RadioState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        for s in self.pending.drain(..) {
            out.push(DeviceCommand { tag, command: Command::Imager(ImagerCommand::Radio(s)) });
        }
    }

    fn read_event(&mut self, event: EventRef<'_>) {
        if let EventRef::Config(DeviceSetup::Imager(ImagerSetup::Radio(s))) = event {
            self.address = super::c_string(&s.address);
            self.setup = s.clone();
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
