//! ContactProperties' `rollingFriction` (ODE's rho, rho2 and rhoN), which rapier lacks. ODE adds to a
//! contact three angular rows that hold the two bodies' relative rotation about the first friction
//! direction (rho), the second (rho2) and the normal (rhoN) at zero, each with a torque bounded by its
//! coefficient (a length) times the contact's normal force. Here, before each step, every touching pair
//! whose surface has such coefficients gets, about each of those axes, the angular impulse that stops the
//! relative rotation there, capped at `rho · N · h` (N the pair's normal force of the last step); the
//! engine's sliding friction then carries a rolling body's slower spin over to its speed, as ODE's rows
//! do. The friction directions are ODE's for a contact without its own (`dPlaneSpace` of the normal).
//! Worlds whose ContactProperties have no rolling friction never come here.

use rapier3d_f64::prelude::*;

use super::contacts::{ColliderTag, Materials};

/// A coefficient standing for ODE's infinite one (-1 in the world file): a torque no step reaches.
const INFINITE: f64 = 1e9;

/// The field's three values as coefficients: -1 (any negative value) is infinite.
pub fn coefficients(field: [f64; 3]) -> [f64; 3] {
    field.map(|v| {
        if v < 0.0 {
            INFINITE
        } else if v.is_finite() {
            v
        } else {
            0.0
        }
    })
}

/// ODE's two friction directions for a contact of unit normal `n` (its `dPlaneSpace`).
pub fn friction_directions(n: Vector) -> (Vector, Vector) {
    if n.z.abs() > std::f64::consts::FRAC_1_SQRT_2 {
        let a = n.y * n.y + n.z * n.z;
        let k = 1.0 / a.sqrt();
        let p = Vector::new(0.0, -n.z * k, n.y * k);
        (p, Vector::new(a * k, -n.x * p.z, n.x * p.y))
    } else {
        let a = n.x * n.x + n.y * n.y;
        let k = 1.0 / a.sqrt();
        let p = Vector::new(-n.y * k, n.x * k, 0.0);
        (p, Vector::new(-n.z * p.y, n.z * p.x, a * k))
    }
}

/// The angular impulses of one step of `dt` seconds, applied to the bodies.
pub fn apply(
    narrow_phase: &NarrowPhase,
    colliders: &ColliderSet,
    bodies: &mut RigidBodySet,
    materials: &Materials,
    dt: f64,
) {
    let mut impulses: Vec<(RigidBodyHandle, Vector)> = Vec::new();
    for pair in narrow_phase.contact_pairs().filter(|p| p.has_any_active_contact()) {
        let (Some(c1), Some(c2)) = (colliders.get(pair.collider1), colliders.get(pair.collider2)) else { continue };
        let (t1, t2) = (ColliderTag::unpack(c1.user_data), ColliderTag::unpack(c2.user_data));
        let rho = materials.surface(t1.material, t2.material).rolling;
        if rho == [0.0; 3] {
            continue;
        }
        let Some(manifold) = pair.manifolds().iter().find(|m| !m.points.is_empty()) else { continue };
        let impulse: f64 = pair.manifolds().iter().flat_map(|m| &m.points).map(|p| p.data.impulse.max(0.0)).sum();
        let normal_force = impulse / dt;
        if normal_force <= 0.0 {
            continue;
        }
        let dynamic = |h: Option<RigidBodyHandle>| h.filter(|&h| bodies.get(h).is_some_and(RigidBody::is_dynamic));
        let (b1, b2) = (dynamic(c1.parent()), dynamic(c2.parent()));
        if b1.is_none() && b2.is_none() {
            continue;
        }
        let angvel = |h: Option<RigidBodyHandle>| h.and_then(|h| bodies.get(h)).map_or(Vector::ZERO, |b| b.angvel());
        let inv_inertia_along = |h: Option<RigidBodyHandle>, a: Vector| {
            h.and_then(|h| bodies.get(h))
                .map_or(0.0, |b| a.dot(b.mass_properties().effective_world_inv_inertia.mul_vec(a)))
        };
        let n = manifold.data.normal;
        let (d1, d2) = friction_directions(n);
        let relative = angvel(b1) - angvel(b2);
        for (axis, rho) in [d1, d2, n].into_iter().zip(rho) {
            let k = inv_inertia_along(b1, axis) + inv_inertia_along(b2, axis);
            if rho <= 0.0 || k <= 0.0 {
                continue;
            }
            let cap = rho * normal_force * dt;
            let j = (axis.dot(relative) / k).clamp(-cap, cap);
            if j != 0.0 {
                impulses.extend(b1.map(|h| (h, -j * axis)));
                impulses.extend(b2.map(|h| (h, j * axis)));
            }
        }
    }
    for (h, torque) in impulses {
        if let Some(b) = bodies.get_mut(h) {
            b.apply_torque_impulse(torque, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ode_friction_directions_are_an_orthonormal_basis_with_the_normal() {
        for n in [Vector::new(0.0, 0.0, 1.0), Vector::new(0.6, 0.0, 0.8), Vector::new(1.0, 0.0, 0.0)] {
            let (p, q) = friction_directions(n);
            for (a, b) in [(p, q), (p, n), (q, n)] {
                assert!(a.dot(b).abs() < 1e-12);
            }
            assert!((p.length() - 1.0).abs() < 1e-12 && (q.length() - 1.0).abs() < 1e-12);
            // right-handed: p × q = n, as ODE's
            assert!((p.cross(q) - n).length() < 1e-12, "{n:?}");
        }
        // on a floor (normal z) the first direction is -y: rho brakes rolling along x
        let (p, _) = friction_directions(Vector::new(0.0, 0.0, 1.0));
        assert!((p - Vector::new(0.0, -1.0, 0.0)).length() < 1e-12);
    }

    #[test]
    fn minus_one_is_infinite_and_bad_values_are_none() {
        assert_eq!(coefficients([-1.0, 0.04, f64::NAN]), [INFINITE, 0.04, 0.0]);
    }
}
