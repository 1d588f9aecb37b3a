//! PositionSensor (spec motion §4.1): its joint axis' position — the engine's (hinge angles unwrapped)
//! or, for a kinematic joint, the one its parameters hold (without parameters, the one its endPoint's
//! pose shows, unwrapped from sample to sample) — plus `noise`·N(0,1), then `resolution`.

use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use super::joint_device::JointDevice;
use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::discretize;
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::geometry::joint_poses::JointPose;
use crate::world::scene::{FieldValue, NodeId, Scene};

pub struct PositionSensor {
    node: NodeId,
    at: Option<JointDevice>,
    noise: f64,
    resolution: f64,
    motor: u16,
    brake: u16,
    rng: Box<ChaCha8Rng>,
    /// For a joint without parameters: where its endPoint goes, and the last position read.
    pose: Option<JointPose>,
    last: f64,
}

impl PositionSensor {
    fn read(&mut self, scene: &mut Scene, warnings: &mut Vec<String>) {
        let n = self.node;
        let who = scene.describe(n);
        self.noise = scene.sf_float(n, "noise");
        if self.noise < 0.0 {
            warnings.push(format!("{who}: Invalid 'noise' changed to 0. The value should be non-negative."));
            self.noise = 0.0;
            scene.set_field_synced(n, "noise", FieldValue::SFFloat(0.0));
        }
        self.resolution = scene.sf_float(n, "resolution");
        if self.resolution <= 0.0 && self.resolution != -1.0 {
            warnings
                .push(format!("{who}: Invalid 'resolution' changed to -1. The value should be either -1 or positive."));
            self.resolution = -1.0;
            scene.set_field_synced(n, "resolution", FieldValue::SFFloat(-1.0));
        }
    }
}

impl SensorModel for PositionSensor {
    const NODE_TYPE: &'static str = "PositionSensor";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> PositionSensor {
        let at = JointDevice::of(scene, node);
        let tag = |types: &[&str]| at.as_ref().map_or(0, |a| a.sibling_tag(scene, types));
        let pose = at.as_ref().filter(|a| a.params.is_none()).and_then(|a| JointPose::of(scene, a.joint));
        let mut s = PositionSensor {
            node,
            pose,
            last: 0.0,
            motor: tag(&["RotationalMotor", "LinearMotor"]),
            brake: tag(&["Brake"]),
            at,
            noise: 0.0,
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
        SensorSetup {
            kind: self.at.as_ref().map_or(0, |a| a.kind),
            numbers: vec![f64::from(self.motor), f64::from(self.brake)],
            ..Default::default()
        }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let Some(at) = &self.at else {
            out.push(f64::NAN);
            return;
        };
        let mut value = match (sense.physics.and_then(|p| p.joint_axis(at.joint, at.axis)), &self.pose) {
            (Some((position, _)), _) => position,
            (None, Some(pose)) => {
                // the turn nearest the last reading
                let shown = pose.shown_position(sense.scene);
                let turn = std::f64::consts::TAU;
                let position = if pose.motion == crate::world::geometry::joint_poses::Motion::Rotation {
                    shown + ((self.last - shown) / turn).round() * turn
                } else {
                    shown
                };
                self.last = position;
                position
            }
            (None, None) => at.written_position(sense.scene),
        };
        if self.noise > 0.0 {
            let g: f64 = StandardNormal.sample(&mut *self.rng);
            value += self.noise * g;
        }
        if self.resolution != -1.0 {
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
