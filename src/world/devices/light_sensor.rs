//! LightSensor: the irradiance of every light that is on, at the device along its x axis (Webots'
//! model: per light, attenuation · (ambient + intensity · cos φ · spot factor) · colour, the direct part
//! dropped when `occlusion` is on and a bounding object hides the light), weighted by `colorFilter`
//! and averaged over the three channels, then the lookup table with its noise and the resolution.

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;

use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::{discretize, LookupTable};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::geometry::lights::{lights, LightKind};
use crate::world::scene::{NodeId, Scene};

/// How far away a DirectionalLight is taken to be when its occlusion is checked.
const DIRECTIONAL_DISTANCE: f64 = 1000.0;

pub struct LightSensor {
    node: NodeId,
    table: LookupTable,
    filter: [f64; 3],
    occlusion: bool,
    resolution: f64,
    rng: Box<ChaCha8Rng>,
}

impl LightSensor {
    fn read(&mut self, scene: &Scene, warnings: &mut Vec<String>) {
        let n = self.node;
        self.table = LookupTable::new(scene.mf_vec3(n, "lookupTable"), &scene.describe(n), warnings);
        self.filter = scene.sf_vec3(n, "colorFilter");
        self.occlusion = scene.sf_bool(n, "occlusion");
        self.resolution = scene.sf_float(n, "resolution");
    }

    /// The irradiance E before the lookup table.
    pub fn irradiance(&self, sense: &Sense) -> f64 {
        let pose = sense.scene.global_pose(self.node);
        let at = Point3::from(pose.translation.vector);
        let axis = pose.rotation * Vector3::x();
        let ignored = [sense.scene.robot_of(self.node)];
        let mut rgb = [0.0; 3];
        for light in lights(sense.scene) {
            let (to_light, distance, attenuation) = match light.kind {
                LightKind::Directional => (-light.direction, DIRECTIONAL_DISTANCE, 1.0),
                _ => {
                    let v = light.location - at;
                    let d = v.norm();
                    (v / d.max(1e-12), d, light.attenuation_at(d))
                }
            };
            let spot = match light.kind {
                LightKind::Spot { beam_width, cut_off } => {
                    let alpha = to_light.dot(&-light.direction).clamp(-1.0, 1.0).acos();
                    if alpha > cut_off {
                        0.0
                    } else if alpha <= beam_width {
                        1.0
                    } else {
                        (alpha - cut_off) / (beam_width - cut_off)
                    }
                }
                _ => 1.0,
            };
            let cosine = axis.dot(&to_light);
            let mut direct = if cosine > 0.0 { light.intensity * cosine * spot } else { 0.0 };
            if direct > 0.0 && self.occlusion && sense.rays.blocks(&at, &(at + to_light * distance), &ignored) {
                direct = 0.0;
            }
            let amount = attenuation * (light.ambient + direct);
            for (c, k) in rgb.iter_mut().zip(light.color) {
                *c += amount * k;
            }
        }
        (self.filter[0] * rgb[0] + self.filter[1] * rgb[1] + self.filter[2] * rgb[2]) / 3.0
    }
}

impl SensorModel for LightSensor {
    const NODE_TYPE: &'static str = "LightSensor";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> LightSensor {
        let mut s = LightSensor {
            node,
            table: LookupTable::default(),
            filter: [1.0; 3],
            occlusion: false,
            resolution: -1.0,
            rng: Box::new(device_rng(seed, node)),
        };
        s.read(scene, warnings);
        s
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        SensorSetup { lookup_table: self.table.rows().to_vec(), ..Default::default() }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let mut value = self.table.lookup(self.irradiance(sense), &mut self.rng);
        if self.resolution > 0.0 {
            value = discretize(value, self.resolution);
        }
        out.push(value);
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, warnings: &mut Vec<String>) {
        self.read(scene, warnings);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}
