//! Controller-side Compass: the sampling period, the last values (NaN until the first sample) and the
//! lookup table as the world describes it.

use crate::protocol::{Command, CompassSetup, DeviceCommand, DeviceCommands};

#[derive(Debug)]
pub struct CompassState {
    pub sampling_period: i32,
    pub values: [f64; 3],
    /// Rows flattened (`in, out, noise, in, ...`): the layout `wb_compass_get_lookup_table` returns.
    pub lookup_table: Vec<f64>,
    period_changed: bool,
}

impl CompassState {
    pub fn new(setup: &CompassSetup) -> CompassState {
        let mut state =
            CompassState { sampling_period: 0, values: [f64::NAN; 3], lookup_table: Vec::new(), period_changed: false };
        state.configure(setup);
        state
    }

    pub fn configure(&mut self, setup: &CompassSetup) {
        self.lookup_table = setup.lookup_table.iter().flatten().copied().collect();
    }

    pub fn enable(&mut self, period: i32) {
        self.sampling_period = period;
        self.period_changed = true;
    }

    pub fn write_request(&mut self, tag: u16, out: &mut DeviceCommands) {
        if std::mem::take(&mut self.period_changed) {
            out.push(DeviceCommand { tag, command: Command::CompassSampling(self.sampling_period.max(0) as u32) });
        }
    }
}
