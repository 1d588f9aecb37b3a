//! A force TouchSensor's feedback (spec motion §6.2). Webots gives a TouchSensor with physics a body
//! of its own, welded to its parent's by a fixed joint, and reads the force that joint passes to the
//! parent. Here the sensor is part of its parent's body, as any Solid without a joint is, and the same
//! force is worked out from what acts on the sensor's own part of that body: the contacts on its bounding
//! object, its weight, less what its mass takes to follow the body (`F + m·g − m·a`).
//!
//! Why not the weld: the engine's solver is iterative, and a light sensor between a heavy robot and what
//! it touches cannot carry the load through it. Webots' bumper under a 1 kg robot sank 7 mm into a box
//! without pushing the robot, and a robot standing on four 5 g force sensors sank 4 mm into the floor at
//! 1 kg (20 mm at 5 kg) where ODE's exact solver rests it on them 0.4 mm deep.

use nalgebra::{Point3, Vector3};

use super::contact_forces;
use super::{Physics, Place};
use crate::world::scene::{NodeId, Scene};

/// A TouchSensor's part of a body, and its centre of mass' velocity before the last step.
#[derive(Clone, Debug)]
pub struct TouchPart {
    pub node: NodeId,
    body: usize,
    member: usize,
    velocity_before: Vector3<f64>,
}

impl Physics {
    /// Every TouchSensor that is part of a body.
    pub(super) fn touch_parts(&self, scene: &Scene) -> Vec<TouchPart> {
        let mut parts = Vec::new();
        for (&node, place) in &self.places {
            if let (Place::Member { body, member }, "TouchSensor") = (place, scene.type_name(node)) {
                parts.push(TouchPart { node, body: *body, member: *member, velocity_before: Vector3::zeros() });
            }
        }
        parts.sort_by_key(|p| p.node);
        parts
    }

    /// The world velocity of a body member's centre of mass.
    fn member_velocity(&self, body: usize, member: usize) -> Option<Vector3<f64>> {
        let b = &self.bodies[body];
        let m = b.members.get(member)?;
        let rb = self.engine.bodies.get(b.handle)?;
        let com = self.pose(body) * (m.offset * m.com);
        let body_com = Point3::from(rb.mass_properties().world_com);
        let (v, w) = (rb.linvel(), rb.angvel());
        Some(Vector3::new(v.x, v.y, v.z) + Vector3::new(w.x, w.y, w.z).cross(&(com - body_com)))
    }

    /// Keeps each sensor's velocity before the engine steps (its acceleration over the step is read after).
    pub(super) fn remember_touch_velocities(&mut self) {
        let mut parts = std::mem::take(&mut self.touch_parts);
        for p in &mut parts {
            p.velocity_before = self.member_velocity(p.body, p.member).unwrap_or_else(Vector3::zeros);
        }
        self.touch_parts = parts;
    }

    /// The force TouchSensor `node` passed to the rest of its body in the last step, in world
    /// coordinates (`None`: it is not part of a body).
    pub fn touch_force(&self, node: NodeId) -> Option<Vector3<f64>> {
        let part = self.touch_parts.iter().find(|p| p.node == node)?;
        let velocity = self.member_velocity(part.body, part.member)?;
        let mass = self.bodies[part.body].members[part.member].mass;
        // the velocity the weight alone would not have given (0 in free fall); what remains of it within
        // the velocities' rounding is rounding, not force
        let dt = self.world.dt;
        let unexplained = self.world.gravity * dt - (velocity - part.velocity_before);
        let ulps =
            64.0 * f64::EPSILON * (velocity.norm() + part.velocity_before.norm() + self.world.gravity.norm() * dt);
        let unexplained = unexplained.map(|x| if x.abs() <= ulps { 0.0 } else { x });
        Some(self.contact_force_on(node, part.body) + unexplained * (mass / dt))
    }

    /// The force the contacts of the last step applied to `node`'s own bounding object (part of body
    /// `body`).
    fn contact_force_on(&self, node: NodeId, body: usize) -> Vector3<f64> {
        let mut force = Vector3::zeros();
        for (own, _) in self.colliders_of(self.bodies[body].handle, node) {
            contact_forces::for_each(&self.engine, own, |_, f, _| force += f);
        }
        force
    }
}
