//! Controller-side state of range finders and lidars: configuration, sampling period, the last range
//! image, and a lidar's point cloud, made here from its ranges and the directions of its points. A
//! lidar's buffer is Webots' layout: the range image, then the point cloud.

use super::local::{LocalDevice, Period};
use crate::capi::lidar_point::WbLidarPoint;
use crate::protocol::{
    Command, DeviceCommand, DeviceCommands, DeviceData, DeviceSetup, EventRef, ImagerCommand, ImagerSetup, LidarSetup,
    RangeFinderSetup,
};

#[derive(Debug)]
pub struct RangeFinderState {
    pub setup: RangeFinderSetup,
    pub period: Period,
    /// The last range image, zeros until the first one (Webots' fresh shared memory); allocated when
    /// the enabling request leaves, so NULL between `enable` and the next step.
    pub image: Vec<f32>,
}

impl RangeFinderState {
    pub fn new(setup: RangeFinderSetup) -> RangeFinderState {
        RangeFinderState { setup, period: Period::default(), image: Vec::new() }
    }

    pub fn enable(&mut self, period: i32) {
        self.period.set(period);
    }
}

impl LocalDevice for RangeFinderState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        if let Some(p) = self.period.take_change() {
            let size = (self.setup.width.max(0) * self.setup.height.max(0)) as usize;
            if p > 0 && self.image.len() != size {
                self.image = vec![0.0; size];
            }
            out.push(DeviceCommand { tag, command: Command::Sampling(p) });
        }
    }

    fn read_event(&mut self, event: EventRef<'_>) {
        match event {
            EventRef::Data(DeviceData::Ranges(r)) => {
                self.image.clear();
                self.image.extend_from_slice(r);
            }
            EventRef::Config(DeviceSetup::Imager(ImagerSetup::RangeFinder(s))) => self.setup = s.clone(),
            _ => {}
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[derive(Debug)]
pub struct LidarState {
    pub setup: LidarSetup,
    pub period: Period,
    pub point_cloud: bool,
    frequency_changed: bool,
    /// The ranges (layers × horizontal resolution floats), then as many `WbLidarPoint`s.
    buffer: Vec<WbLidarPoint>,
}

const FLOATS_PER_POINT: usize = std::mem::size_of::<WbLidarPoint>() / std::mem::size_of::<f32>();

impl LidarState {
    pub fn new(setup: LidarSetup) -> LidarState {
        LidarState {
            setup,
            period: Period::default(),
            point_cloud: false,
            frequency_changed: false,
            buffer: Vec::new(),
        }
    }

    pub fn points(&self) -> usize {
        (self.setup.layers.max(0) * self.setup.horizontal_resolution.max(0)) as usize
    }

    pub fn enable(&mut self, period: i32) {
        self.period.set(period);
    }

    /// Room for the ranges and the points, both in one allocation of `WbLidarPoint`s (whose alignment
    /// suits the floats too), zeroed as Webots' fresh shared memory is until the first sample.
    fn allocate(&mut self) {
        let n = self.points();
        let len = n + n.div_ceil(FLOATS_PER_POINT);
        if self.buffer.len() != len {
            let zero = WbLidarPoint { x: 0.0, y: 0.0, z: 0.0, layer_id: 0, time: 0.0 };
            self.buffer = vec![zero; len];
        }
    }

    pub fn set_frequency(&mut self, frequency: f64) {
        self.setup.frequency = frequency;
        self.frequency_changed = true;
    }

    /// The range image: `points()` floats.
    pub fn ranges(&self) -> *const f32 {
        self.buffer.as_ptr().cast()
    }

    /// The point cloud, right after the ranges.
    pub fn cloud(&self) -> *const WbLidarPoint {
        // SAFETY: the buffer holds `points()` floats then `points()` points, all within its length
        unsafe { self.ranges().add(self.points()).cast() }
    }

    pub fn is_allocated(&self) -> bool {
        !self.buffer.is_empty()
    }

    fn fill_points(&mut self, ranges: &[f32]) {
        let n = self.points();
        let setup = self.setup.clone();
        let hres = setup.horizontal_resolution.max(1) as usize;
        let floats: &mut [f32] = bytemuck_floats(&mut self.buffer);
        floats[..n].copy_from_slice(&ranges[..n]);
        for (k, r) in ranges.iter().enumerate().take(n) {
            let (layer, i) = (k / hres, k % hres);
            let d = setup.direction(layer as i32, i as i32);
            let r = f64::from(*r);
            let p = if r.is_finite() {
                let along = if setup.planar() { r / d[0].max(1e-9) } else { r };
                [(d[0] * along) as f32, (d[1] * along) as f32, (d[2] * along) as f32]
            } else {
                [f32::INFINITY; 3]
            };
            let at = n + k * FLOATS_PER_POINT;
            floats[at..at + 3].copy_from_slice(&p);
            floats[at + 3] = f32::from_bits(layer as u32);
            floats[at + 4] = 0.0;
        }
    }
}

/// The buffer as floats (a point is five 4-byte fields).
fn bytemuck_floats(points: &mut [WbLidarPoint]) -> &mut [f32] {
    // SAFETY: WbLidarPoint is repr(C) with five 4-byte fields and no padding; every bit pattern is a
    // valid f32, and layer ids written as floats are read back as the same bits.
    unsafe { std::slice::from_raw_parts_mut(points.as_mut_ptr().cast::<f32>(), points.len() * FLOATS_PER_POINT) }
}

impl LocalDevice for LidarState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        if let Some(p) = self.period.take_change() {
            if p > 0 {
                self.allocate();
            }
            out.push(DeviceCommand { tag, command: Command::Sampling(p) });
        }
        if std::mem::take(&mut self.frequency_changed) {
            let f = self.setup.frequency;
            out.push(DeviceCommand { tag, command: Command::Imager(ImagerCommand::LidarFrequency(f)) });
        }
    }

    fn read_event(&mut self, event: EventRef<'_>) {
        match event {
            EventRef::Data(DeviceData::Ranges(r)) if r.len() == self.points() => {
                self.allocate();
                self.fill_points(r);
            }
            EventRef::Config(DeviceSetup::Imager(ImagerSetup::Lidar(s))) => {
                let frequency = self.setup.frequency;
                self.setup = s.clone();
                self.setup.frequency = frequency;
                if self.is_allocated() {
                    self.buffer.clear();
                    self.allocate();
                }
            }
            _ => {}
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
