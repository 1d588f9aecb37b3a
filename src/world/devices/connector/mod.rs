//! Connectors, of robots and of plain Solids alike: presence, the latch and its rules, and the links,
//! which are the engine's welds (docking.rs does the work).

pub mod device;
pub mod docking;
pub mod links;

use std::collections::HashMap;

use super::family::{same, Ctx, Family, Owner};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::node_type::NodeTypeCode;
use crate::protocol::{Command, DeviceSetup};
use crate::world::devices::connector::docking::{Docking, Note};
use crate::world::physics::Physics;
use crate::world::scene::{NodeId, Scene};

pub struct ConnectorFamily {
    docking: Docking,
    /// Robot connectors: (index in `docking.connectors`, owner), in the order they were added.
    devices: Vec<(usize, Owner)>,
    owner_of: HashMap<NodeId, Owner>,
    node_type: NodeTypeCode,
}

impl ConnectorFamily {
    /// Every Connector of the world (plain Solids' too), read with Webots' load-time checks.
    pub fn new(scene: &mut Scene, warnings: &mut Vec<String>) -> ConnectorFamily {
        ConnectorFamily {
            docking: Docking::build(scene, warnings),
            devices: Vec::new(),
            owner_of: HashMap::new(),
            node_type: node_type_from_name("Connector"),
        }
    }

    /// Latch changes, to the controllers of the robots carrying the connectors.
    fn deliver(&mut self, notes: Vec<Note>, ctx: &mut Ctx) {
        for (node, setup) in notes {
            if let Some(owner) = self.owner_of.get(&node) {
                ctx.outboxes[owner.robot].push_config(owner.tag, setup);
            }
        }
        if self.docking.take_moved() {
            ctx.geometry_dirty = true;
        }
    }
}

impl Family for ConnectorFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        _seed: i32,
        _warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.node_type(node) != self.node_type {
            return None;
        }
        let c = self.docking.index_of(node)?;
        self.devices.push((c, owner));
        self.owner_of.insert(node, owner);
        Some(self.devices.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        DeviceSetup::Connector(self.docking.setup(self.devices[i].0))
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        let c = self.devices[i].0;
        match command {
            Command::ConnectorSampling(period) => self.docking.connectors[c].sampling.set_period(*period, ctx.now),
            Command::ConnectorLock(lock) => {
                let mut notes = Vec::new();
                self.docking.command(ctx.scene, ctx.physics.as_deref_mut(), c, *lock, &mut notes, ctx.warnings);
                self.deliver(notes, ctx);
            }
            _ => {}
        }
    }

    /// Links carry what a supervisor moved, then rupture, start-up locks and autoLock (spec §7.5).
    fn before_physics(&mut self, ctx: &mut Ctx) {
        let mut notes = Vec::new();
        self.docking.step(ctx.scene, ctx.physics.as_deref_mut(), &mut notes, ctx.warnings);
        self.deliver(notes, ctx);
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        for (node, presence) in self.docking.sample(ctx.scene, ctx.now) {
            if let Some(owner) = self.owner_of.get(&node) {
                ctx.outboxes[owner.robot].push_connector_presence(owner.tag, presence);
            }
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, _device: Option<usize>, node: NodeId, field: &str) {
        let mut notes = Vec::new();
        self.docking.field_changed(ctx.scene, ctx.physics.as_deref_mut(), node, field, &mut notes, ctx.warnings);
        self.deliver(notes, ctx);
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<ConnectorFamily>(fresh) else { return };
        for (old, new) in self.docking.connectors.iter().zip(fresh.docking.connectors.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
        }
    }

    fn silence(&mut self, robot: usize) {
        for &(c, owner) in &self.devices {
            if owner.robot == robot {
                self.docking.connectors[c].sampling = Default::default();
            }
        }
    }

    fn remove(&mut self, i: usize) {
        self.docking.connectors[self.devices[i].0].sampling = Default::default();
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        let c = self.devices[i].0;
        let old = self.docking.connectors[c].node;
        if let Some(owner) = self.owner_of.remove(&old) {
            self.owner_of.insert(node, owner);
        }
        self.docking.renumber(c, node);
    }

    fn record(&mut self, _scene: &Scene, out: &mut crate::world::record::StepEvents) {
        if !out.frame {
            return;
        }
        for (c, con) in self.docking.connectors.iter().enumerate() {
            if let Some(peer) = self.docking.peer_of(c).filter(|&p| p > c) {
                out.links.push((con.node, self.docking.connectors[peer].node));
            }
        }
    }

    fn physics_rebuilt(&mut self, scene: &Scene, physics: Option<&mut Physics>) {
        self.docking.reweld_all(scene, physics);
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
