//! Robot joint trees as rapier multibodies (reduced coordinates): the joints of a tree are exact, so a
//! light link between heavy ones (a 19 g foot under a 2.4 kg body, a Hinge2Joint's body between its
//! hinges) holds as ODE's direct solver holds it, where the iterative solver of impulse joints gives way.

use rapier3d_f64::prelude::*;

use super::super::engine::Engine;

/// Prototype switch: robot joint trees as multibodies.
pub fn wanted() -> bool {
    std::env::var_os("WEBOTS_SHIM_MULTIBODY").is_some()
}

/// Whether a joint from `b1` to `b2` can be a multibody link: `b2` moves, is not yet a link below another
/// body, and is not in `b1`'s multibody already (that would close a loop).
pub fn fits(engine: &Engine, b1: RigidBodyHandle, b2: RigidBodyHandle) -> bool {
    if !wanted() || !engine.bodies.get(b2).is_some_and(|b| b.is_dynamic()) || b1 == b2 {
        return false;
    }
    let set = &engine.multibody_joints;
    match (set.rigid_body_link(b1), set.rigid_body_link(b2)) {
        (_, Some(l2)) if l2.id != 0 => false,
        (Some(l1), Some(l2)) => l1.multibody != l2.multibody,
        _ => true,
    }
}

/// Links `b1` to `b2` by `data` in a multibody (a joint to the static world hangs from a fixed body of its
/// own: the world's one body would gather every tree hung from it into one multibody). `None` when rapier
/// refuses.
pub fn link(engine: &mut Engine, b1: RigidBodyHandle, b2: RigidBodyHandle, data: GenericJoint) -> Option<MultibodyJointHandle> {
    let b1 = if b1 == engine.ground {
        engine.bodies.insert(RigidBodyBuilder::fixed().pose(*engine.bodies.get(b1)?.position()).build())
    } else {
        b1
    };
    let handle = engine.multibody_joints.insert(b1, b2, data, true)?;
    // (rapier damps a multibody's hinges by default; ODE's do not)
    if let Some((mb, _)) = engine.multibody_joints.get_mut(handle) {
        mb.damping_mut().fill(0.0);
    }
    Some(handle)
}
