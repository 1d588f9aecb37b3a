//! RangeFinder: one ray per pixel against the visual shapes (what Webots renders into its depth
//! image, semi-transparent ones included), giving the depth along the optical axis (planar projection) or the
//! distance (spherical, cylindrical); infinity outside [minRange, maxRange]; Gaussian noise of
//! σ = noise · maxRange and the resolution. Sample: the range image, rows top to bottom.

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use super::sensor::{Sense, SensorModel};
use crate::protocol::{DeviceData, DeviceSetup, ImagerSetup, Projection, RangeFinderSetup, SensorSetup};
use crate::world::devices::lookup_table::discretize;
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{NodeId, Scene};

pub struct RangeFinder {
    node: NodeId,
    setup: RangeFinderSetup,
    noise: f64,
    resolution: f64,
    rng: Box<ChaCha8Rng>,
}

/// What one ray measures against the visual shapes (Webots renders a depth image; only fully
/// transparent shapes are not seen): the depth along x (planar) or the distance, infinity outside
/// [min, max]. The near plane is at `min` (a plane for the planar projection, a sphere otherwise).
pub fn range_along(
    sense: &Sense,
    origin: &Point3<f64>,
    direction: &Vector3<f64>,
    forward: f64,
    planar: bool,
    min: f64,
    max: f64,
) -> f64 {
    // a planar depth of `max` is farther than `max` along a slanted ray
    let along = |depth: f64| if planar { depth / forward.max(1e-9) } else { depth };
    let start = along(min.max(0.0));
    let reach = along(max) - start;
    if reach <= 0.0 {
        return f64::INFINITY;
    }
    match sense.view().cast(&(origin + direction * start), direction, reach) {
        Some((_, toi)) => {
            let distance = start + toi;
            let r = if planar { distance * forward } else { distance };
            if r < min || r > max {
                f64::INFINITY
            } else {
                r
            }
        }
        None => f64::INFINITY,
    }
}

/// A measured range with Gaussian noise of σ = `noise` · `max` (kept within [min, max]) and the
/// resolution; infinity stays infinity.
pub fn noisy(r: f64, noise: f64, resolution: f64, min: f64, max: f64, rng: &mut ChaCha8Rng) -> f32 {
    let mut r = r;
    if r.is_finite() && noise > 0.0 {
        let g: f64 = StandardNormal.sample(rng);
        r = (r + g * noise * max).clamp(min, max);
    }
    if r.is_finite() && resolution > 0.0 {
        r = discretize(r, resolution);
    }
    r as f32
}

impl RangeFinder {
    fn read(&mut self, scene: &Scene) {
        let n = self.node;
        self.setup = RangeFinderSetup {
            width: scene.sf_int(n, "width").max(0),
            height: scene.sf_int(n, "height").max(0),
            fov: scene.sf_float(n, "fieldOfView"),
            min_range: scene.sf_float(n, "minRange"),
            max_range: scene.sf_float(n, "maxRange"),
            projection: Projection::from_field(&scene.sf_string(n, "projection"), scene.sf_bool(n, "spherical")),
        };
        self.noise = scene.sf_float(n, "noise");
        self.resolution = scene.sf_float(n, "resolution");
    }
}

impl SensorModel for RangeFinder {
    const NODE_TYPE: &'static str = "RangeFinder";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, _warnings: &mut Vec<String>) -> RangeFinder {
        let setup = RangeFinderSetup {
            width: 0,
            height: 0,
            fov: 0.0,
            min_range: 0.0,
            max_range: 0.0,
            projection: Projection::Planar,
        };
        let mut r = RangeFinder { node, setup, noise: 0.0, resolution: -1.0, rng: Box::new(device_rng(seed, node)) };
        r.read(scene);
        r
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        SensorSetup::default()
    }

    fn device_setup(&self) -> Option<DeviceSetup> {
        Some(DeviceSetup::Imager(ImagerSetup::RangeFinder(self.setup.clone())))
    }

    fn measure(&mut self, _sense: &Sense, _out: &mut Vec<f64>) {}

    fn measure_data(&mut self, sense: &Sense) -> Option<DeviceData> {
        let s = &self.setup;
        let pose = sense.scene.global_pose(self.node);
        let origin = Point3::from(pose.translation.vector);
        let planar = s.projection == Projection::Planar;
        let mut image = Vec::with_capacity((s.width * s.height) as usize);
        for j in 0..s.height {
            for i in 0..s.width {
                let d = s.projection.direction(s.fov, s.width, s.height, i, j);
                let world = pose.rotation * Vector3::from(d);
                let r = range_along(sense, &origin, &world, d[0], planar, s.min_range, s.max_range);
                image.push(noisy(r, self.noise, self.resolution, s.min_range, s.max_range, &mut self.rng));
            }
        }
        Some(DeviceData::Ranges(image))
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, _warnings: &mut Vec<String>) {
        self.read(scene);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}
