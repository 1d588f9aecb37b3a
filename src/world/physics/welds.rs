//! Connector links as the engine's fixed joints (spec motion §7, compass-connector §7.2–7.4): created at
//! the current poses with the snapped relative pose in their frames (the joint pulls the bodies
//! together over the next steps, nobody is teleported), removed on unlock (both bodies woken), and the
//! force they transmit, for the rupture test.

use nalgebra::{Isometry3, Vector3};
use rapier3d_f64::prelude::*;

use super::body_math::BodyMath;
use super::engine::Engine;
use crate::world::geometry::convert::{isometry, pose as engine_pose};

/// A fixed joint between the bodies of two connectors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weld {
    handle: ImpulseJointHandle,
    /// The owner's (initiating connector's) side is the engine joint's first body; when the owner
    /// has no body, the first body is the ground and the force is read on the second.
    owner_is_ground: bool,
}

impl Weld {
    /// The two engine bodies the link holds together.
    pub fn bodies(&self, engine: &Engine) -> Option<[RigidBodyHandle; 2]> {
        engine.joints.get(self.handle).map(|j| [j.body1(), j.body2()])
    }

    /// Welds body `owner` (or the world) to body `peer` (or the world) so that the owner's frame
    /// `owner_frame` (world pose now) and the peer's frame `peer_frame` coincide.
    pub fn create(
        engine: &mut Engine,
        owner: Option<RigidBodyHandle>,
        peer: Option<RigidBodyHandle>,
        owner_frame: &Isometry3<f64>,
        peer_frame: &Isometry3<f64>,
    ) -> Option<Weld> {
        if owner.is_none() && peer.is_none() {
            return None;
        }
        let (b1, b2) = (owner.unwrap_or(engine.ground), peer.unwrap_or(engine.ground));
        let f1 = engine.pose_of(b1).inverse() * owner_frame;
        let f2 = engine.pose_of(b2).inverse() * peer_frame;
        let data = GenericJointBuilder::new(JointAxesMask::LOCKED_FIXED_AXES)
            .local_frame1(engine_pose(&f1))
            .local_frame2(engine_pose(&f2))
            .contacts_enabled(false)
            .build();
        let handle = engine.joints.insert(b1, b2, data, true);
        Some(Weld { handle, owner_is_ground: owner.is_none() })
    }

    /// Removes the joint and wakes both bodies.
    pub fn remove(self, engine: &mut Engine) {
        engine.joints.remove(self.handle, true);
    }

    /// The force the joint applied during the last step to the owner's body (to the peer's, when the
    /// owner is the world), in world coordinates, and whether the sign is inverted (Webots'
    /// "inverted" joint, owner on the world side).
    pub fn force(&self, engine: &Engine) -> Option<(Vector3<f64>, bool)> {
        let joint = engine.joints.get(self.handle)?;
        let f1 = engine.bodies.get(joint.body1())?.pose_na() * isometry(&joint.data.local_frame1);
        let impulse = Vector3::new(joint.impulses[0], joint.impulses[1], joint.impulses[2]);
        // the solver pushes body 1 by +basis·λ and body 2 by -basis·λ, once per substep
        let on_first = f1.rotation * impulse * impulse_to_force(engine);
        Some(if self.owner_is_ground { (-on_first, true) } else { (on_first, false) })
    }
}

/// The engine's last substep impulse as a force: rapier solves `num_solver_iterations` substeps of
/// `dt / num_solver_iterations` each and keeps the impulse of the last one.
pub fn impulse_to_force(engine: &Engine) -> f64 {
    engine.params.num_solver_iterations as f64 / engine.params.dt
}
