//! Altimeter: the device's height along the world's up axis (z in ENU worlds), with Gaussian noise of
//! σ = `accuracy` and the `resolution`. Sample: the altitude.

use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::discretize;
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{NodeId, Scene};

pub struct Altimeter {
    node: NodeId,
    accuracy: f64,
    resolution: f64,
    rng: Box<ChaCha8Rng>,
}

/// The index of the world's up axis (z in ENU, y in NUE worlds).
pub fn up_axis(scene: &Scene) -> usize {
    scene.world_info().coordinate_system.find('U').unwrap_or(2)
}

impl SensorModel for Altimeter {
    const NODE_TYPE: &'static str = "Altimeter";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, _warnings: &mut Vec<String>) -> Altimeter {
        let mut a = Altimeter { node, accuracy: 0.0, resolution: -1.0, rng: Box::new(device_rng(seed, node)) };
        a.field_changed(scene, "", &mut Vec::new());
        a
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

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let mut altitude = sense.scene.global_pose(self.node).translation.vector[up_axis(sense.scene)];
        if self.accuracy > 0.0 {
            let g: f64 = StandardNormal.sample(&mut *self.rng);
            altitude += self.accuracy * g;
        }
        if self.resolution > 0.0 {
            altitude = discretize(altitude, self.resolution);
        }
        out.push(altitude);
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, _warnings: &mut Vec<String>) {
        self.accuracy = scene.sf_float(self.node, "accuracy").max(0.0);
        self.resolution = scene.sf_float(self.node, "resolution");
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}
