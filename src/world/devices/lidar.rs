//! Lidar: one ray per point of each layer against the visual shapes (Webots renders them, as for a
//! range finder): the distance (cylindrical projection) or the depth along x (planar);
//! infinity outside [minRange, maxRange]; Gaussian noise of σ = noise · maxRange and the resolution. A
//! rotating lidar scans a full turn at each sample (its head is not turned). Sample: the layers' ranges,
//! first layer first; the controller makes the point cloud from them.

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;

use super::range_finder::{noisy, range_along};
use super::sensor::{Sense, SensorModel};
use crate::protocol::{DeviceData, DeviceSetup, ImagerCommand, ImagerSetup, LidarSetup, Projection, SensorSetup};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{NodeId, Scene};

pub struct Lidar {
    node: NodeId,
    setup: LidarSetup,
    noise: f64,
    resolution: f64,
    rng: Box<ChaCha8Rng>,
}

impl Lidar {
    fn read(&mut self, scene: &Scene) {
        let n = self.node;
        let projection = match scene.sf_string(n, "projection").as_str() {
            "planar" => Projection::Planar,
            _ => Projection::Cylindrical,
        };
        self.setup = LidarSetup {
            horizontal_resolution: scene.sf_int(n, "horizontalResolution").max(0),
            layers: scene.sf_int(n, "numberOfLayers").max(0),
            fov: scene.sf_float(n, "fieldOfView"),
            vertical_fov: scene.sf_float(n, "verticalFieldOfView"),
            min_range: scene.sf_float(n, "minRange"),
            max_range: scene.sf_float(n, "maxRange"),
            projection,
            tilt: scene.sf_float(n, "tiltAngle"),
            rotating: scene.sf_string(n, "type") == "rotating",
            frequency: scene.sf_float(n, "defaultFrequency"),
            min_frequency: scene.sf_float(n, "minFrequency"),
            max_frequency: scene.sf_float(n, "maxFrequency"),
        };
        self.noise = scene.sf_float(n, "noise");
        self.resolution = scene.sf_float(n, "resolution");
    }
}

impl SensorModel for Lidar {
    const NODE_TYPE: &'static str = "Lidar";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, _warnings: &mut Vec<String>) -> Lidar {
        let setup = LidarSetup {
            horizontal_resolution: 0,
            layers: 0,
            fov: 0.0,
            vertical_fov: 0.0,
            min_range: 0.0,
            max_range: 0.0,
            projection: Projection::Cylindrical,
            tilt: 0.0,
            rotating: false,
            frequency: 0.0,
            min_frequency: 0.0,
            max_frequency: 0.0,
        };
        let mut l = Lidar { node, setup, noise: 0.0, resolution: -1.0, rng: Box::new(device_rng(seed, node)) };
        l.read(scene);
        l
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
        Some(DeviceSetup::Imager(ImagerSetup::Lidar(self.setup.clone())))
    }

    fn command(&mut self, command: &ImagerCommand) {
        if let ImagerCommand::LidarFrequency(f) = command {
            self.setup.frequency = *f;
        }
    }

    fn measure(&mut self, _sense: &Sense, _out: &mut Vec<f64>) {}

    fn measure_data(&mut self, sense: &Sense) -> Option<DeviceData> {
        let s = &self.setup;
        let pose = sense.scene.global_pose(self.node);
        let origin = Point3::from(pose.translation.vector);
        let mut ranges = Vec::with_capacity((s.layers * s.horizontal_resolution) as usize);
        for layer in 0..s.layers {
            for i in 0..s.horizontal_resolution {
                let d = s.direction(layer, i);
                let world = pose.rotation * Vector3::from(d);
                let r = range_along(sense, &origin, &world, d[0], s.planar(), s.min_range, s.max_range);
                ranges.push(noisy(r, self.noise, self.resolution, s.min_range, s.max_range, &mut self.rng));
            }
        }
        Some(DeviceData::Ranges(ranges))
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, _warnings: &mut Vec<String>) {
        self.read(scene);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}
