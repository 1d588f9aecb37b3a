//! Robot joint trees as rapier multibodies (reduced coordinates): the joints of a tree are exact, so a
//! light link between heavy ones (a 19 g foot under a 2.4 kg body, a Hinge2Joint's body between its
//! hinges) holds as ODE's direct solver holds it, where the iterative solver of impulse joints gives way.

use rapier3d_f64::prelude::*;

use super::super::engine::Engine;
use super::super::plan::{Attach, JointKind, Plan};
use super::Suspension;
use crate::world::scene::Scene;

/// Per joint of `plan` (same order), whether it joins its tree's multibody. A tree (the joints reached
/// from one another through their bodies) is a multibody when it has a chain (a joint whose upper body
/// hangs from another joint: legs, arms) or, held by the static world, a Hinge2Joint (its two hinges with
/// a body between them), and nothing the multibody path does not give: a BallJoint (rapier's multibody
/// motors and limits act on one angular axis at a time) or a suspension. Other trees keep impulse joints
/// and their drives (`drives`), tuned against ODE on their own: a free body rolling on wheels (on the
/// multibody path Webots' hinge_2_joint_damping robot turns 4 % faster than its wheels roll, and the
/// two-wheeler of tests/motors.rs misses its distance).
pub fn chosen(plan: &Plan, scene: &Scene) -> Vec<bool> {
    let n = plan.bodies.len();
    let mut root: Vec<usize> = (0..n).collect();
    fn find(root: &mut [usize], mut b: usize) -> usize {
        while root[b] != b {
            root[b] = root[root[b]];
            b = root[b];
        }
        b
    }
    for j in &plan.joints {
        if let Some(u) = j.upper {
            let (a, b) = (find(&mut root, u), find(&mut root, j.end));
            root[a] = b;
        }
    }
    let ends: Vec<usize> = plan.joints.iter().map(|j| j.end).collect();
    let mut held = vec![false; n];
    for (b, body) in plan.bodies.iter().enumerate() {
        if body.attach == Attach::Fixed(None) {
            let tree = find(&mut root, b);
            held[tree] = true;
        }
    }
    for j in plan.joints.iter().filter(|j| j.upper.is_none()) {
        let tree = find(&mut root, j.end);
        held[tree] = true;
    }
    let (mut wanted, mut refused) = (vec![false; n], vec![false; n]);
    for j in &plan.joints {
        let tree = find(&mut root, j.end);
        let chained = j.upper.is_some_and(|u| ends.contains(&u));
        if chained || j.kind == JointKind::Hinge2 && held[tree] {
            wanted[tree] = true;
        }
        let suspended = ["jointParameters", "jointParameters2"]
            .iter()
            .filter_map(|f| scene.sf_node(j.node, f))
            .any(|p| Suspension::read(scene, p).is_some());
        if j.kind == JointKind::Ball || suspended {
            refused[tree] = true;
        }
    }
    plan.joints
        .iter()
        .map(|j| {
            let tree = find(&mut root, j.end);
            wanted[tree] && !refused[tree]
        })
        .collect()
}

/// Whether a joint from `b1` to `b2` can be a multibody link: `b2` moves, is not yet a link below another
/// body, and is not in `b1`'s multibody already (that would close a loop).
pub fn fits(engine: &Engine, b1: RigidBodyHandle, b2: RigidBodyHandle) -> bool {
    if !engine.bodies.get(b2).is_some_and(|b| b.is_dynamic()) || b1 == b2 {
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
pub fn link(
    engine: &mut Engine,
    b1: RigidBodyHandle,
    b2: RigidBodyHandle,
    data: GenericJoint,
) -> Option<MultibodyJointHandle> {
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

/// The bodies moving with link `h`: its own and those of the links below it.
pub fn subtree(engine: &Engine, h: MultibodyJointHandle) -> Vec<RigidBodyHandle> {
    let Some((mb, start)) = engine.multibody_joints.get(h) else { return Vec::new() };
    let mut inside = vec![false; mb.num_links()];
    let mut out = Vec::new();
    // (a link's parent comes before it)
    for (i, link) in mb.links().enumerate() {
        inside[i] = i == start || link.parent_id().is_some_and(|p| inside[p]);
        if inside[i] {
            out.push(link.rigid_body_handle());
        }
    }
    out
}

/// Sets the implicit damping of link `h`'s (single) degree of freedom: a damper solved with the
/// multibody's motion, as ODE solves Webots' dampers (a row of the joint).
pub fn set_damping(engine: &mut Engine, h: MultibodyJointHandle, damping: f64) {
    let Some((mb, link)) = engine.multibody_joints.get_mut(h) else { return };
    let Some(dof) = mb.link(link).map(|l| l.assembly_id()) else { return };
    if let Some(d) = mb.damping_mut().get_mut(dof) {
        *d = damping;
    }
}
