//! Controller-side LED: the last value this controller set (what `wb_led_get` returns), sent with the
//! next step.

use crate::protocol::{Command, DeviceCommand, DeviceCommands};

#[derive(Debug, Default)]
pub struct LedState {
    pub value: i32,
    changed: bool,
}

impl LedState {
    pub fn set(&mut self, value: i32) {
        self.value = value;
        self.changed = true;
    }

    pub fn write_request(&mut self, tag: u16, out: &mut DeviceCommands) {
        if std::mem::take(&mut self.changed) {
            out.push(DeviceCommand { tag, command: Command::LedSet(self.value) });
        }
    }
}
