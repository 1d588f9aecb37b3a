//! Brake (spec motion §4.2): a damping constant the controller sets, added to its joint axis'
//! `dampingConstant` from the next step; 0 again after a reset.

use super::family::{Ctx, Family, Owner};
use super::joint_device::JointDevice;
use crate::protocol::{Command, DeviceSetup, SensorSetup};
use crate::world::scene::{NodeId, Scene};

struct Brake {
    at: JointDevice,
    motor: u16,
    position_sensor: u16,
}

#[derive(Default)]
pub struct BrakeFamily {
    brakes: Vec<Brake>,
}

impl Family for BrakeFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        _owner: Owner,
        node: NodeId,
        _seed: i32,
        _warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.type_name(node) != "Brake" {
            return None;
        }
        let at = JointDevice::of(scene, node)?;
        let motor = at.sibling_tag(scene, &["RotationalMotor", "LinearMotor"]);
        let position_sensor = at.sibling_tag(scene, &["PositionSensor"]);
        self.brakes.push(Brake { at, motor, position_sensor });
        Some(self.brakes.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        let b = &self.brakes[i];
        DeviceSetup::Sensor(SensorSetup {
            kind: b.at.kind,
            numbers: vec![f64::from(b.motor), f64::from(b.position_sensor)],
            ..Default::default()
        })
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        if let (Command::BrakeDamping(c), Some(physics)) = (command, ctx.physics.as_deref_mut()) {
            let at = &self.brakes[i].at;
            physics.set_brake(at.joint, at.axis, *c);
        }
    }

    fn field_changed(&mut self, _ctx: &mut Ctx, _device: Option<usize>, _node: NodeId, _field: &str) {}

    fn hand_over(&mut self, _fresh: &mut dyn Family) {}

    fn remove(&mut self, _i: usize) {}

    fn renumber(&mut self, _i: usize, _node: NodeId) {}

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
