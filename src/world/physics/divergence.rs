//! Bodies whose state the engine has made non-finite (NaN or infinite pose or velocity): each is taken
//! out of the simulation where the scene last saw it, at rest, and named once, so no sensor ever reads
//! NaN and the run can fail with the body and the step.

use rapier3d_f64::prelude::*;

use super::body_math::BodyMath;
use super::Physics;
use crate::world::geometry::convert::pose as engine_pose;
use crate::world::scene::{NodeId, Scene};

impl Physics {
    /// Stops every body whose state is no longer finite and returns their Solids (each once: a stopped
    /// body is disabled in the engine).
    pub(super) fn catch_divergence(&mut self, scene: &Scene) -> Vec<NodeId> {
        let mut caught = Vec::new();
        for body in &self.bodies {
            // read first: a body taken mutably counts as changed by the user, which the engine's next
            // step then goes over again
            let Some(rb) = self.engine.bodies.get(body.handle) else { continue };
            // a sleeping body's state does not change (a force or a new velocity wakes it)
            if !rb.is_enabled() || rb.is_sleeping() || finite(rb) {
                continue;
            }
            let Some(rb) = self.engine.bodies.get_mut(body.handle) else { continue };
            rb.set_enabled(false);
            rb.reset_forces(false);
            rb.reset_torques(false);
            rb.set_linvel_na(nalgebra::Vector3::zeros(), false);
            rb.set_angvel_na(nalgebra::Vector3::zeros(), false);
            let last = scene.global_pose(body.solid);
            if last.translation.vector.iter().all(|v| v.is_finite()) {
                rb.set_position(engine_pose(&last), false);
            }
            caught.push(body.solid);
        }
        caught
    }
}

impl Physics {
    /// Gives the first dynamic body a NaN velocity (`WEBOTS_SHIM_TEST_NAN_AT`, tests only).
    pub fn poison_for_tests(&mut self) {
        let bodies = &self.engine.bodies;
        let first = self.bodies.iter().map(|b| b.handle).find(|&h| bodies.get(h).is_some_and(|rb| rb.is_dynamic()));
        if let Some(rb) = first.and_then(|h| self.engine.bodies.get_mut(h)) {
            rb.set_linvel_na(nalgebra::Vector3::new(f64::NAN, 0.0, 0.0), true);
        }
    }
}

fn finite(rb: &RigidBody) -> bool {
    let p = rb.pose_na();
    let values = p.translation.vector.iter().chain(p.rotation.coords.iter());
    let forces = rb.user_force().to_array().into_iter().chain(rb.user_torque().to_array());
    values.chain(rb.linvel_na().iter()).chain(rb.angvel_na().iter()).all(|v| v.is_finite())
        && forces.into_iter().all(f64::is_finite)
}
