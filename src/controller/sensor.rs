//! Controller-side state of a sampled sensor (GPS, gyro, distance sensor...): the sampling period, the
//! last sample (NaN until the first one), and the device's configuration as the world describes it.

use crate::protocol::{Command, DeviceCommand, DeviceCommands, SensorSetup};

#[derive(Debug)]
pub struct SensorState {
    pub sampling_period: i32,
    /// The last sample (NaN before the first; at least 8 numbers, so vector getters never read past it).
    pub values: Vec<f64>,
    pub setup: SensorSetup,
    /// The lookup table's rows flattened (`in, out, noise, in, ...`): what `get_lookup_table` returns.
    pub lookup_table: Vec<f64>,
    /// A sample arrived since the sensor was last enabled.
    pub sampled: bool,
    period_changed: bool,
    /// Commands for the next step other than the sampling period (a brake's damping...).
    queued: Vec<Command>,
}

impl SensorState {
    pub fn new(setup: &SensorSetup) -> SensorState {
        let mut state = SensorState {
            sampling_period: 0,
            values: vec![f64::NAN; 8],
            setup: SensorSetup::default(),
            lookup_table: Vec::new(),
            sampled: false,
            period_changed: false,
            queued: Vec::new(),
        };
        state.configure(setup);
        state
    }

    pub fn configure(&mut self, setup: &SensorSetup) {
        self.lookup_table = setup.lookup_table.iter().flatten().copied().collect();
        self.setup = setup.clone();
    }

    pub fn enable(&mut self, period: i32) {
        self.sampling_period = period;
        self.period_changed = true;
    }

    /// Sends `command` with the next step, in place of one of its kind already waiting.
    pub fn queue(&mut self, command: Command) {
        let kind = std::mem::discriminant(&command);
        self.queued.retain(|c| std::mem::discriminant(c) != kind);
        self.queued.push(command);
    }

    pub fn receive(&mut self, values: &[f64]) {
        if values.len() > self.values.len() {
            self.values.resize(values.len(), f64::NAN);
        }
        self.values[..values.len()].copy_from_slice(values);
        self.sampled = true;
    }

    pub fn write_request(&mut self, tag: u16, out: &mut DeviceCommands) {
        if std::mem::take(&mut self.period_changed) {
            out.push(DeviceCommand { tag, command: Command::Sampling(self.sampling_period.max(0) as u32) });
        }
        for command in self.queued.drain(..) {
            out.push(DeviceCommand { tag, command });
        }
    }
}
