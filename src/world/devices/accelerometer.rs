//! Accelerometer (spec motion §5.4): the specific force at the device — minus gravity, plus the change
//! of its parent body's velocity at the device since the previous sample — in the device's frame,
//! through the lookup table. The previous velocity starts at 0 and survives re-enabling, as in Webots.
//! Without a body above it: NaN, with one warning.

use nalgebra::{Point3, Vector3};

use super::axes::Axes;
use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::physics::up_axis;
use crate::world::scene::{NodeId, Scene};

pub struct Accelerometer {
    node: NodeId,
    axes: Axes,
    velocity: Vector3<f64>,
    /// When the previous sample (or the enabling) was, ms.
    last: f64,
    warned: bool,
    warning: Option<String>,
}

impl SensorModel for Accelerometer {
    const NODE_TYPE: &'static str = "Accelerometer";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> Accelerometer {
        Accelerometer {
            node,
            axes: Axes::read(scene, node, seed, warnings),
            velocity: Vector3::zeros(),
            last: 0.0,
            warned: false,
            warning: None,
        }
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

    fn enabled(&mut self, now: f64) {
        self.last = now;
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let scene = sense.scene;
        let pose = scene.global_pose(self.node);
        let at = Point3::from(pose.translation.vector);
        let parent = scene.node(self.node).and_then(|n| n.parent);
        let velocity = parent.and_then(|p| sense.physics.and_then(|physics| physics.velocity_at(scene, p, &at)));
        let Some(velocity) = velocity else {
            if !self.warned {
                self.warned = true;
                self.warning = Some(format!(
                    "{}: Parent of Accelerometer node has no physics: measurements may be wrong.",
                    scene.describe(self.node)
                ));
            }
            out.extend_from_slice(&[f64::NAN; 3]);
            return;
        };
        let elapsed = (sense.now - self.last) / 1000.0;
        let info = scene.world_info();
        let mut acceleration = up_axis(&info.coordinate_system) * info.gravity;
        if elapsed > 0.0 {
            acceleration += (velocity - self.velocity) / elapsed;
        }
        self.velocity = velocity;
        self.last = sense.now;
        out.extend_from_slice(&self.axes.output(&pose.rotation.inverse_transform_vector(&acceleration)));
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
