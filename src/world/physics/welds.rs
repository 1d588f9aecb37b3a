//! Connector links as the engine's fixed joints (spec motion §7, compass-connector §7.2–7.4): created at
//! the current poses with the snapped relative pose in their frames (the joint pulls the bodies
//! together over the next steps, nobody is teleported), removed on unlock (both bodies woken), and the
//! force they transmit, for the rupture test. A weld made where the bodies are not yet in their snapped
//! pose holds them as they are and moves its frame toward the snapped pose by `WorldInfo.ERP` of the
//! remaining error per step, as ODE's fixed joint corrects its error (the engine's joint alone would
//! close it within a step, yanking the bodies together with forces ODE never applies).

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
    /// The snapped pose: the joint's frame on the second body it moves toward (`None` once there).
    target: Option<Isometry3<f64>>,
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
        let target = engine.pose_of(b2).inverse() * peer_frame;
        // held where the bodies are now, then brought to the snapped pose step by step (`approach`)
        let now = engine.pose_of(b2).inverse() * owner_frame;
        let data = GenericJointBuilder::new(JointAxesMask::LOCKED_FIXED_AXES)
            .local_frame1(engine_pose(&f1))
            .local_frame2(engine_pose(&now))
            .contacts_enabled(false)
            .build();
        let handle = engine.joints.insert(b1, b2, data, true);
        let target = (!settled(&now, &target)).then_some(target);
        Some(Weld { handle, owner_is_ground: owner.is_none(), target })
    }

    /// One step of ODE's error correction: the joint's frame moves `erp` of the way to the snapped pose.
    pub fn approach(&mut self, engine: &mut Engine, erp: f64) {
        let Some(target) = self.target else { return };
        let Some(joint) = engine.joints.get_mut(self.handle, true) else { return };
        let now = isometry(&joint.data.local_frame2);
        let next = if settled(&now, &target) {
            self.target = None;
            target
        } else {
            let translation = now.translation.vector.lerp(&target.translation.vector, erp);
            let rotation = now.rotation.slerp(&target.rotation, erp);
            Isometry3::from_parts(translation.into(), rotation)
        };
        joint.data.local_frame2 = engine_pose(&next);
    }

    /// Holds the two bodies as they are now (one of them was moved by a write): the frame on the second
    /// body is made anew, and an approach under way ends.
    pub fn hold_as_is(&mut self, engine: &mut Engine) {
        let Some([b1, b2]) = self.bodies(engine) else { return };
        let (p1, p2) = (engine.pose_of(b1), engine.pose_of(b2));
        let Some(joint) = engine.joints.get_mut(self.handle, true) else { return };
        let frame2 = p2.inverse() * p1 * isometry(&joint.data.local_frame1);
        joint.data.local_frame2 = engine_pose(&frame2);
        self.target = None;
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

/// Whether two frames are the same pose but for rounding.
fn settled(a: &Isometry3<f64>, b: &Isometry3<f64>) -> bool {
    (a.translation.vector - b.translation.vector).norm() < 1e-9 && a.rotation.angle_to(&b.rotation) < 1e-9
}

/// The engine's last substep impulse as a force: rapier solves `num_solver_iterations` substeps of
/// `dt / num_solver_iterations` each and keeps the impulse of the last one.
pub fn impulse_to_force(engine: &Engine) -> f64 {
    engine.params.num_solver_iterations as f64 / engine.params.dt
}
