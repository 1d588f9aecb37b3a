//! Compasses: north in each device's frame, sampled at its period (the measurement is
//! north.rs).

pub mod north;

use super::family::{same, Ctx, Family, Owner};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::node_type::NodeTypeCode;
use crate::protocol::{Command, DeviceSetup};
use crate::world::devices::compass::north::CompassNode;
use crate::world::scene::{NodeId, Scene};

pub struct CompassFamily {
    compasses: Vec<(CompassNode, Owner)>,
    node_type: NodeTypeCode,
}

impl Default for CompassFamily {
    fn default() -> Self {
        CompassFamily { compasses: Vec::new(), node_type: node_type_from_name("Compass") }
    }
}

impl Family for CompassFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        seed: i32,
        warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.node_type(node) != self.node_type {
            return None;
        }
        self.compasses.push((CompassNode::from_scene(scene, node, seed, warnings), owner));
        Some(self.compasses.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        DeviceSetup::Compass(self.compasses[i].0.setup())
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        if let Command::CompassSampling(period) = command {
            self.compasses[i].0.sampling.set_period(*period, ctx.now);
        }
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        for (c, owner) in &mut self.compasses {
            if c.sampling.due(ctx.now) {
                let values = c.measure(ctx.scene);
                ctx.outboxes[owner.robot].push_compass_values(owner.tag, values);
            }
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, _node: NodeId, field: &str) {
        let Some(i) = device else { return };
        let (c, owner) = &mut self.compasses[i];
        if let Some(setup) = c.field_changed(ctx.scene, field, ctx.warnings) {
            ctx.outboxes[owner.robot].push_config(owner.tag, DeviceSetup::Compass(setup));
        }
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<CompassFamily>(fresh) else { return };
        for ((old, _), (new, _)) in self.compasses.iter().zip(fresh.compasses.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
        }
    }

    fn reseed(&mut self, seed: i32) {
        self.compasses.iter_mut().for_each(|(c, _)| c.reseed(seed));
    }

    fn silence(&mut self, robot: usize) {
        for (c, owner) in &mut self.compasses {
            if owner.robot == robot {
                c.sampling = Default::default();
            }
        }
    }

    fn remove(&mut self, i: usize) {
        self.compasses[i].0.sampling = Default::default();
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.compasses[i].0.node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
