//! Gyro (spec motion §5.3): the angular velocity of its body (its own, or the Solid's above it) in the
//! device's frame, through the lookup table. Without a body it warns once and repeats its last values
//! (0 at first).

use super::axes::Axes;
use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::scene::{NodeId, Scene};

pub struct Gyro {
    node: NodeId,
    axes: Axes,
    last: [f64; 3],
    warned: bool,
    warning: Option<String>,
}

impl SensorModel for Gyro {
    const NODE_TYPE: &'static str = "Gyro";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> Gyro {
        Gyro { node, axes: Axes::read(scene, node, seed, warnings), last: [0.0; 3], warned: false, warning: None }
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        self.axes.setup()
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        match sense.physics.and_then(|p| p.angular_velocity(sense.scene, self.node)) {
            Some(w) => {
                let frame = sense.scene.global_pose(self.node).rotation;
                self.last = self.axes.output(&frame.inverse_transform_vector(&w));
            }
            None if !self.warned => {
                self.warned = true;
                self.warning = Some(format!(
                    "{}: this node or its parents requires a 'physics' field to be functional.",
                    sense.scene.describe(self.node)
                ));
            }
            None => {}
        }
        out.extend_from_slice(&self.last);
    }

    fn take_warning(&mut self) -> Option<String> {
        self.warning.take()
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, warnings: &mut Vec<String>) {
        self.axes.reread(scene, self.node, warnings);
    }

    fn reseed(&mut self, seed: i32) {
        self.axes.reseed(seed, self.node);
    }
}
