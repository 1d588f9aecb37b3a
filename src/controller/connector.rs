//! Controller-side Connector: the presence sampling period, the last presence value (0 until the first
//! sample), and the local copy of the latch, set at once by lock/unlock and corrected by the world.

use crate::protocol::{Command, ConnectorSetup, DeviceCommand, DeviceCommands};

#[derive(Debug)]
pub struct ConnectorState {
    pub sampling_period: i32,
    pub presence: i32,
    pub is_locked: bool,
    period_changed: bool,
    /// The last lock (true) or unlock (false) since the previous step.
    latch_request: Option<bool>,
}

impl ConnectorState {
    pub fn new(setup: &ConnectorSetup) -> ConnectorState {
        ConnectorState {
            sampling_period: 0,
            presence: 0,
            is_locked: setup.is_locked,
            period_changed: false,
            latch_request: None,
        }
    }

    pub fn configure(&mut self, setup: &ConnectorSetup) {
        self.is_locked = setup.is_locked;
    }

    pub fn enable(&mut self, period: i32) {
        self.sampling_period = period;
        self.period_changed = true;
    }

    /// `lock` (true) or `unlock` (false): the local latch follows at once, the world at the next step.
    pub fn latch(&mut self, locked: bool) {
        self.is_locked = locked;
        self.latch_request = Some(locked);
    }

    pub fn write_request(&mut self, tag: u16, out: &mut DeviceCommands) {
        if std::mem::take(&mut self.period_changed) {
            out.push(DeviceCommand { tag, command: Command::ConnectorSampling(self.sampling_period.max(0) as u32) });
        }
        if let Some(locked) = self.latch_request.take() {
            out.push(DeviceCommand { tag, command: Command::ConnectorLock(locked) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_latch_call_of_a_step_is_sent_and_the_local_copy_follows_at_once() {
        let mut c = ConnectorState::new(&ConnectorSetup { is_locked: false });
        c.latch(true);
        assert!(c.is_locked);
        c.latch(false);
        assert!(!c.is_locked);
        let mut out = DeviceCommands::new();
        c.write_request(3, &mut out);
        assert_eq!(out.as_slice(), [DeviceCommand { tag: 3, command: Command::ConnectorLock(false) }]);
        out.clear();
        c.write_request(3, &mut out);
        assert!(out.is_empty());
        c.configure(&ConnectorSetup { is_locked: true });
        assert!(c.is_locked);
    }
}
