//! What the three-axis sensors (Gyro, Accelerometer) share: a vector in the device's frame, each
//! enabled axis through the lookup table (with its noise) and the resolution, NaN on disabled axes;
//! the lookup table goes to the controller.

use nalgebra::Vector3;
use rand_chacha::ChaCha8Rng;

use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::{discretize, LookupTable};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{NodeId, Scene};

pub struct Axes {
    table: LookupTable,
    enabled: [bool; 3],
    resolution: f64,
    rng: Box<ChaCha8Rng>,
}

impl Axes {
    pub fn read(scene: &Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> Axes {
        let mut axes = Axes {
            table: LookupTable::new(Vec::new(), "", warnings),
            enabled: [true; 3],
            resolution: -1.0,
            rng: Box::new(device_rng(seed, node)),
        };
        axes.reread(scene, node, warnings);
        axes
    }

    pub fn reread(&mut self, scene: &Scene, node: NodeId, warnings: &mut Vec<String>) {
        self.table = LookupTable::new(scene.mf_vec3(node, "lookupTable"), &scene.describe(node), warnings);
        self.enabled = [scene.sf_bool(node, "xAxis"), scene.sf_bool(node, "yAxis"), scene.sf_bool(node, "zAxis")];
        self.resolution = scene.sf_float(node, "resolution");
    }

    pub fn setup(&self) -> SensorSetup {
        SensorSetup { lookup_table: self.table.rows().to_vec(), ..Default::default() }
    }

    pub fn reseed(&mut self, seed: i32, node: NodeId) {
        *self.rng = device_rng(seed, node);
    }

    /// The reading of `local`, a vector in the device's frame.
    pub fn output(&mut self, local: &Vector3<f64>) -> [f64; 3] {
        let mut out = [f64::NAN; 3];
        for (k, value) in out.iter_mut().enumerate() {
            if self.enabled[k] {
                let v = self.table.lookup(local[k], &mut self.rng);
                *value = if self.resolution > 0.0 { discretize(v, self.resolution) } else { v };
            }
        }
        out
    }
}
