//! Controller-side state of a radar: its ranges and fields of view, the sampling period and the last
//! targets.

use super::local::{LocalDevice, Period};
use crate::capi::radar_target::WbRadarTarget;
use crate::protocol::{Command, DeviceCommand, DeviceCommands, DeviceSetup, EventRef, SensorSetup};

#[derive(Debug, Default)]
pub struct RadarState {
    /// minRange, maxRange, horizontal and vertical field of view.
    pub limits: [f64; 4],
    pub period: Period,
    pub targets: Vec<WbRadarTarget>,
}

impl RadarState {
    pub fn new(setup: &SensorSetup) -> RadarState {
        let mut r = RadarState::default();
        r.configure(setup);
        r
    }

    fn configure(&mut self, setup: &SensorSetup) {
        for (l, v) in self.limits.iter_mut().zip(&setup.numbers) {
            *l = *v;
        }
    }
}

impl LocalDevice for RadarState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        if let Some(p) = self.period.take_change() {
            out.push(DeviceCommand { tag, command: Command::Sampling(p) });
        }
    }

    fn read_event(&mut self, event: EventRef<'_>) {
        match event {
            // the number of targets, then four numbers per target
            EventRef::Sample(v) => {
                let n = v.first().map_or(0, |n| *n as usize);
                self.targets = v[1..]
                    .chunks_exact(4)
                    .take(n)
                    .map(|t| WbRadarTarget { distance: t[0], received_power: t[1], speed: t[2], azimuth: t[3] })
                    .collect();
            }
            EventRef::Config(DeviceSetup::Sensor(s)) => self.configure(s),
            _ => {}
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
