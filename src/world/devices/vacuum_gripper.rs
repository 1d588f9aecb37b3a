//! VacuumGripper: while the pump is on (`isOn`, switched by the controller), the first Solid whose
//! geometry touches the gripper's bounding object at `contactPoints` points or more is linked to it,
//! as a connector's weld (physics engine only: a world without physics has no contacts); turning the
//! pump off, or a pull along x beyond `tensileStrength` or across beyond `shearStrength`, breaks the
//! link. Presence (sampled): 1 while a Solid is linked, else 0.

use nalgebra::Vector3;

use super::family::{same, Ctx, Family, Owner};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{Command, DeviceSetup, ImagerCommand, SensorSetup};
use crate::world::devices::sampling::Sampling;
use crate::world::physics::WeldId;
use crate::world::scene::{FieldValue, NodeId, Scene};

struct Gripper {
    node: NodeId,
    owner: Owner,
    presence: Sampling,
    link: Option<(NodeId, Option<WeldId>)>,
    /// The pump, as `isOn` says.
    on: bool,
    removed: bool,
}

#[derive(Default)]
pub struct VacuumGripperFamily {
    grippers: Vec<Gripper>,
}

impl VacuumGripperFamily {
    fn release(g: &mut Gripper, ctx: &mut Ctx) {
        if let Some((_, Some(weld))) = g.link.take() {
            if let Some(p) = ctx.physics.as_deref_mut() {
                p.unweld(weld);
            }
        }
    }
}

impl Family for VacuumGripperFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        _seed: i32,
        _w: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.node_type(node) != node_type_from_name("VacuumGripper") {
            return None;
        }
        let on = scene.sf_bool(node, "isOn");
        self.grippers.push(Gripper { node, owner, presence: Sampling::default(), link: None, on, removed: false });
        Some(self.grippers.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        DeviceSetup::Sensor(SensorSetup { kind: i32::from(self.grippers[i].on), ..Default::default() })
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        let g = &mut self.grippers[i];
        match command {
            Command::Sampling(period) => g.presence.set_period(*period, ctx.now),
            Command::Imager(ImagerCommand::VacuumOn(on)) => {
                ctx.scene.set_field_synced(g.node, "isOn", FieldValue::SFBool(*on));
                g.on = *on;
                if !on {
                    Self::release(g, ctx);
                }
            }
            _ => {}
        }
    }

    fn after_physics(&mut self, ctx: &mut Ctx) {
        for g in self.grippers.iter_mut().filter(|g| !g.removed) {
            let on = g.on;
            let Some(physics) = ctx.physics.as_deref_mut() else { continue };
            match g.link {
                None if on => {
                    let needed = ctx.scene.sf_int(g.node, "contactPoints").max(1) as usize;
                    let touching = physics.touching_solids(g.node);
                    let Some(&(peer, _)) = touching.iter().find(|(_, n)| *n >= needed) else { continue };
                    let docked = ctx.scene.global_pose(g.node).inverse() * ctx.scene.global_pose(peer);
                    let weld = physics.weld(ctx.scene, g.node, peer, &docked);
                    g.link = Some((peer, weld));
                }
                Some((_, Some(weld))) => {
                    let Some((force, inverted)) = physics.weld_force(weld) else { continue };
                    let force = if inverted { -force } else { force };
                    let local = ctx.scene.global_pose(g.node).rotation.inverse() * force;
                    let (tensile, shear) =
                        (ctx.scene.sf_float(g.node, "tensileStrength"), ctx.scene.sf_float(g.node, "shearStrength"));
                    // what pulls away from the gripper (along its x axis, towards the object) drags the
                    // gripper along +x
                    let pull = local.x;
                    let across = Vector3::new(0.0, local.y, local.z).norm();
                    if (tensile >= 0.0 && pull > tensile) || (shear >= 0.0 && across > shear) {
                        physics.unweld(weld);
                        g.link = None;
                    }
                }
                _ => {}
            }
        }
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        for g in &mut self.grippers {
            if g.presence.due(ctx.now) {
                ctx.outboxes[g.owner.robot].push_sample(g.owner.tag, &[if g.link.is_some() { 1.0 } else { 0.0 }]);
            }
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, _node: NodeId, field: &str) {
        let Some(g) = device.map(|i| &mut self.grippers[i]) else { return };
        let on = ctx.scene.sf_bool(g.node, "isOn");
        if on != g.on && (field == "isOn" || field.is_empty()) {
            g.on = on;
            if !on {
                Self::release(g, ctx);
            }
            let setup = DeviceSetup::Sensor(SensorSetup { kind: i32::from(on), ..Default::default() });
            ctx.outboxes[g.owner.robot].push_config(g.owner.tag, setup);
        }
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<VacuumGripperFamily>(fresh) else { return };
        for (old, new) in self.grippers.iter().zip(fresh.grippers.iter_mut()) {
            new.presence = old.presence.clone();
            new.presence.reset();
        }
    }

    fn silence(&mut self, robot: usize) {
        for g in self.grippers.iter_mut().filter(|g| g.owner.robot == robot) {
            g.presence = Sampling::default();
        }
    }

    fn remove(&mut self, i: usize) {
        self.grippers[i].removed = true;
        self.grippers[i].presence = Sampling::default();
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.grippers[i].node = node;
    }

    fn physics_rebuilt(&mut self, _scene: &Scene, _physics: Option<&mut crate::world::physics::Physics>) {
        // the engine's welds are gone with it: what was held is picked up again on contact
        for g in &mut self.grippers {
            g.link = None;
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
