//! A write moved a Solid that is part of a body without being its root (a TouchSensor, or any Solid
//! under its parent's body without a joint): its colliders take their new place in the body, as Webots
//! moves the geometry it merged into the parent's body. The body's mass distribution stays as it was
//! built. A Solid welded where it is to the body above it (a force sensor of a self-colliding robot)
//! is held where the write put it.

use nalgebra::Isometry3;

use super::Physics;
use crate::world::geometry::convert::{isometry, pose as engine_pose};
use crate::world::scene::{NodeId, Scene};

impl Physics {
    /// `node` was moved by a write: each member below it whose body's root did not move with it, and
    /// each welded Solid below it whose weld's other side did not.
    pub(super) fn move_members(&mut self, scene: &Scene, node: NodeId) {
        for b in 0..self.bodies.len() {
            if scene.path_to(self.bodies[b].solid).contains(&node) {
                continue;
            }
            let body_pose = self.pose(b);
            for m in 0..self.bodies[b].members.len() {
                let solid = self.bodies[b].members[m].solid;
                if !scene.path_to(solid).contains(&node) {
                    continue;
                }
                let offset = body_pose.inverse() * scene.global_pose(solid);
                let shift = offset * self.bodies[b].members[m].offset.inverse();
                self.bodies[b].members[m].offset = offset;
                self.shift_colliders(b, solid, &shift);
            }
        }
        for (&solid, &w) in &self.fixed_links {
            let Some(weld) = self.welds.get_mut(w).and_then(Option::as_mut) else { continue };
            let Some([upper, _]) = weld.bodies(&self.engine) else { continue };
            let upper_moved = self.bodies.iter().any(|b| b.handle == upper && scene.path_to(b.solid).contains(&node));
            if scene.path_to(solid).contains(&node) && !upper_moved {
                weld.hold_as_is(&mut self.engine);
            }
        }
    }

    /// Moves body `b`'s colliders of `solid` by `shift` in the body's frame.
    fn shift_colliders(&mut self, b: usize, solid: NodeId, shift: &Isometry3<f64>) {
        let handle = self.bodies[b].handle;
        for (h, _) in self.colliders_of(handle, solid) {
            let Some(c) = self.engine.colliders.get_mut(h) else { continue };
            if let Some(local) = c.position_wrt_parent().copied() {
                c.set_position_wrt_parent(engine_pose(&(shift * isometry(&local))));
            }
        }
        if let Some(rb) = self.engine.bodies.get_mut(handle) {
            rb.wake_up(true);
        }
    }
}
