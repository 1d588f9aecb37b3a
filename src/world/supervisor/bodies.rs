//! The supervisor's physics calls on the world side (spec motion §8): velocities, forces and torques,
//! physics resets, joint positions, centre of mass, contact points and static balance. Dynamic Solids
//! answer from the engine; kinematic Solids from their hidden velocity fields (a supervisor's velocity
//! makes them glide, spec §1.8); worlds without any Physics node have only kinematic Solids.

use nalgebra::{Point3, Vector3};

use crate::protocol::{ContactPointData, NodeRefId, Query, QueryAnswer, SupervisorCommand};
use crate::world::physics::{ForceRefused, Physics};
use crate::world::scene::{FieldValue, NodeId, Scene};
use crate::world::supervisor::fields::{ref_id, scene_node};

/// The answer to a physics query, or `None` when `q` is not one.
pub fn answer(scene: &Scene, physics: Option<&Physics>, q: &Query) -> Option<QueryAnswer> {
    let solid = |id: NodeRefId| scene_node(scene, id).filter(|&n| scene.is_solid(n));
    Some(match *q {
        Query::Velocity(id) => QueryAnswer::Numbers(solid(id).map(|n| velocity(scene, physics, n).to_vec())),
        Query::CenterOfMass(id) => QueryAnswer::Numbers(solid(id).map(|n| {
            let com = physics
                .and_then(|p| p.center_of_mass(scene, n))
                .unwrap_or_else(|| Point3::from(scene.global_pose(n).translation.vector));
            vec![com.x, com.y, com.z]
        })),
        Query::ContactPoints { node, descendants } => QueryAnswer::ContactPoints(solid(node).map(|n| {
            physics.map_or_else(Vec::new, |p| {
                p.contact_points(scene, n, descendants)
                    .into_iter()
                    .map(|c| ContactPointData { point: c.point, node: ref_id(c.solid) })
                    .collect()
            })
        })),
        Query::StaticBalance(id) => QueryAnswer::Balance(
            solid(id).filter(|&n| is_top_solid(scene, n)).map(|n| physics.is_some_and(|p| p.static_balance(scene, n))),
        ),
        _ => return None,
    })
}

/// A Solid with no Solid above it.
pub fn is_top_solid(scene: &Scene, node: NodeId) -> bool {
    scene.path_to(node).iter().rev().skip(1).all(|&n| !scene.is_solid(n))
}

/// A Solid's velocity: its body's, its own (a gliding kinematic Solid), or, for a kinematic Solid at rest
/// in its parent, that of the nearest Solid above it that moves, which carries it (Webots' answer).
fn velocity(scene: &Scene, physics: Option<&Physics>, node: NodeId) -> [f64; 6] {
    for n in scene.path_to(node).into_iter().rev().filter(|&n| scene.is_solid(n)) {
        if let Some(v) = physics.and_then(|p| p.body_velocity(n)) {
            return v;
        }
        let (l, a) = (scene.sf_vec3(n, "linearVelocity"), scene.sf_vec3(n, "angularVelocity"));
        let own = [l[0], l[1], l[2], a[0], a[1], a[2]];
        if own != [0.0; 6] {
            return own;
        }
    }
    [0.0; 6]
}

/// What a physics command changed in the scene, for the world to pass on.
#[derive(Debug, Default, PartialEq)]
pub struct Outcome {
    /// A kinematic Solid now has a velocity: it glides from the next step.
    pub gliding: Option<NodeId>,
    /// Axis `index` (from 1) of a joint is set to `position` (written to its parameters node, if any):
    /// its endPoint goes there.
    pub joint_position: Option<(NodeId, usize, f64)>,
    /// The physics of this node (or of the whole world) was reset: its motors start again from rest.
    pub physics_reset: Option<Option<NodeId>>,
}

/// Applies a physics command; `None` when `cmd` is not one. Webots' warnings for nodes that cannot take
/// it go to `warnings`.
pub fn command(
    scene: &mut Scene,
    physics: Option<&mut Physics>,
    cmd: &SupervisorCommand,
    warnings: &mut Vec<String>,
) -> Option<Outcome> {
    let mut outcome = Outcome::default();
    match *cmd {
        SupervisorCommand::SetVelocity { node, velocity } => {
            let Some(n) = scene_node(scene, node).filter(|&n| scene.is_solid(n)) else {
                warnings.push("wb_supervisor_node_set_velocity() can exclusively be used with a Solid".into());
                return Some(outcome);
            };
            let dynamic = physics.is_some_and(|p| p.set_body_velocity(n, velocity));
            scene.set_field_synced(n, "linearVelocity", FieldValue::SFVec3f([velocity[0], velocity[1], velocity[2]]));
            scene.set_field_synced(n, "angularVelocity", FieldValue::SFVec3f([velocity[3], velocity[4], velocity[5]]));
            if !dynamic {
                outcome.gliding = Some(n);
            }
        }
        SupervisorCommand::AddForce { node, force, offset, relative } => {
            let func = if offset.is_some() {
                "wb_supervisor_node_add_force_with_offset"
            } else {
                "wb_supervisor_node_add_force"
            };
            let n = scene_node(scene, node).unwrap_or(usize::MAX);
            let pose = scene.global_pose(n);
            let mut force = Vector3::from(force);
            if relative {
                force = pose.rotation * force;
            }
            let point = offset.map(|o| pose * Point3::from(o));
            let result = match physics {
                Some(p) if n != usize::MAX => p.add_force(scene, n, force, point),
                _ if scene.is_solid(n) => Err(ForceRefused::Kinematic),
                _ => Err(ForceRefused::NotASolid),
            };
            refused(func, result, warnings);
        }
        SupervisorCommand::AddTorque { node, torque, relative } => {
            let n = scene_node(scene, node).unwrap_or(usize::MAX);
            let mut torque = Vector3::from(torque);
            if relative {
                torque = scene.global_pose(n).rotation * torque;
            }
            let result = match physics {
                Some(p) if n != usize::MAX => p.add_torque(scene, n, torque),
                _ if scene.is_solid(n) => Err(ForceRefused::Kinematic),
                _ => Err(ForceRefused::NotASolid),
            };
            refused("wb_supervisor_node_add_torque", result, warnings);
        }
        SupervisorCommand::ResetPhysics(node) => {
            let node = match node {
                Some(id) => match scene_node(scene, id) {
                    Some(n) => Some(n),
                    None => return Some(outcome),
                },
                None => None,
            };
            if let Some(p) = physics {
                p.stop_bodies(scene, node);
            }
            outcome.physics_reset = Some(node);
            // kinematic Solids stop gliding too
            for n in scene.preorder() {
                if scene.is_solid(n) && node.is_none_or(|top| scene.path_to(n).contains(&top)) {
                    for field in ["linearVelocity", "angularVelocity"] {
                        if scene.sf_vec3(n, field) != [0.0; 3] {
                            scene.set_field_synced(n, field, FieldValue::SFVec3f([0.0; 3]));
                        }
                    }
                }
            }
        }
        SupervisorCommand::SetJointPosition { node, position, index } => {
            let Some(joint) = scene_node(scene, node) else { return Some(outcome) };
            let params = match index {
                1 => "jointParameters",
                2 => "jointParameters2",
                _ => "jointParameters3",
            };
            // a joint without this parameters node keeps the position itself (no stops)
            let p = scene.sf_node(joint, params);
            let (lo, hi) = p.map_or((0.0, 0.0), |p| (scene.sf_float(p, "minStop"), scene.sf_float(p, "maxStop")));
            let applied = if lo != hi { position.clamp(lo, hi) } else { position };
            if applied != position {
                warnings.push(format!(
                    "wb_supervisor_node_set_joint_position() called with a 'position' argument {position} outside hard \
                     limits of the joint. Applied position is {applied}."
                ));
            }
            if let Some(p) = p {
                scene.set_field_synced(p, "position", FieldValue::SFFloat(applied));
            }
            outcome.joint_position = Some((joint, index as usize, applied));
        }
        _ => return None,
    }
    Some(outcome)
}

fn refused(func: &str, result: Result<(), ForceRefused>, warnings: &mut Vec<String>) {
    match result {
        Ok(()) => {}
        Err(ForceRefused::Kinematic) => warnings.push(format!("{func}() can't be used with a kinematic Solid")),
        Err(ForceRefused::NotASolid) => warnings.push(format!("{func}() can exclusively be used with a Solid")),
    }
}

/// Kinematic Solids moving by their hidden velocity (spec motion §1.8): each step translates them by
/// `v·dt` and turns them by `ω·dt`.
#[derive(Clone, Debug, Default)]
pub struct Gliders {
    list: Vec<NodeId>,
}

impl Gliders {
    /// The kinematic Solids that start with a velocity in the world file.
    pub fn of(scene: &Scene, physics: Option<&Physics>) -> Gliders {
        let mut g = Gliders::default();
        for n in scene.preorder() {
            if scene.is_solid(n) && physics.is_none_or(|p| p.body_velocity(n).is_none()) {
                g.add(scene, n);
            }
        }
        g
    }

    /// `node` got a velocity (or lost it).
    pub fn add(&mut self, scene: &Scene, node: NodeId) {
        let moving =
            scene.sf_vec3(node, "linearVelocity") != [0.0; 3] || scene.sf_vec3(node, "angularVelocity") != [0.0; 3];
        if moving && !self.list.contains(&node) {
            self.list.push(node);
        }
    }

    /// One step of `dt` seconds; returns the Solids that moved.
    pub fn step(&mut self, scene: &mut Scene, dt: f64) -> Vec<NodeId> {
        self.list.retain(|&n| {
            scene.sf_vec3(n, "linearVelocity") != [0.0; 3] || scene.sf_vec3(n, "angularVelocity") != [0.0; 3]
        });
        for &n in &self.list {
            let (v, w) =
                (Vector3::from(scene.sf_vec3(n, "linearVelocity")), Vector3::from(scene.sf_vec3(n, "angularVelocity")));
            let t = Vector3::from(scene.sf_vec3(n, "translation")) + v * dt;
            let turn = nalgebra::UnitQuaternion::from_scaled_axis(w * dt);
            let r = turn * crate::world::scene::rotation_from_axis_angle(scene.sf_rotation(n, "rotation"));
            scene.set_field_synced(n, "translation", FieldValue::SFVec3f([t.x, t.y, t.z]));
            scene.set_field_synced(n, "rotation", FieldValue::SFRotation(crate::world::scene::axis_angle_of(&r)));
        }
        self.list.clone()
    }
}
