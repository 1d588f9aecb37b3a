//! ODE's soft contacts in rapier. ODE solves a contact with Webots' `softERP` and `softCFM` as a spring of
//! stiffness `k = ERP / (h · CFM)` and a damper `(1 − ERP) / CFM` (ODE's manual, "Soft constraint and
//! constraint force mixing"): CFM is an absolute compliance, so a body at rest sinks until each contact's
//! spring carries its share of the load, `depth = F / k`, whatever the body's mass and however the load
//! reaches the contact (a heavy body on light wheels sinks by its weight, not by the wheels').
//!
//! rapier's contact softness is normalised by each contact's projected mass `r`: a contact at rest
//! penetrates `F / (r · ω²)` for its spring's natural angular frequency `ω` (its fixed point: the biased
//! pass holds `ω² · depth · r = F`). So the engine runs a stiff native spring, `ω² = k_max / LIGHTEST`, and
//! each penetrating contact shows the solver its depth scaled by `k / (r · ω²)`: the solver's rest then
//! falls where ODE's does, `F / k`. The scale is at most 1 (a contact is never made stiffer than the
//! native spring: bodies lighter than `LIGHTEST` rest at `F / (r · ω²)`, under 16 µm at Webots' defaults).

use std::collections::HashMap;

use rapier3d_f64::prelude::*;
use smallvec::SmallVec;

/// The projected mass (kg) below which a contact is as stiff as the native spring, not ODE's. A heavier
/// contact settles at a rate of `LIGHTEST / r` of its error per step from the scale alone (the lagged
/// load of `seen_depth` speeds that up); a lighter one rests a little deeper than ODE's.
pub const LIGHTEST: f64 = 0.05;

/// Damping ratio of the native spring: critically damped, so that the solver's push-out reaches the
/// scaled depth within a step without overshooting it.
const NATIVE_DAMPING_RATIO: f64 = 5.0;

/// ODE's contact stiffness (N/m) for a soft ERP and CFM at time step `dt` (s).
pub fn ode_stiffness(erp: f64, cfm: f64, dt: f64) -> f64 {
    let erp = erp.clamp(1e-6, 1.0);
    let cfm = cfm.max(1e-12);
    erp / (dt * cfm)
}

/// The engine's native contact spring for the stiffest contact of a world (`k_max`, N/m).
pub fn native_spring(k_max: f64) -> SpringCoefficients<f64> {
    let omega = (k_max / LIGHTEST).sqrt();
    SpringCoefficients::new(omega / std::f64::consts::TAU, NATIVE_DAMPING_RATIO)
}

/// How much of a penetration the solver must see so that a contact of stiffness `k` and projected mass
/// `r` rests at ODE's depth under the native spring of angular frequency² `omega2`.
pub fn depth_scale(k: f64, r: f64, omega2: f64) -> f64 {
    if r <= 0.0 || !r.is_finite() {
        return 1.0;
    }
    (k / (r * omega2)).min(1.0)
}

/// How far the solver may lean on the last step's contact force: the lagged force is an explicit
/// term, stable while `(s − s₀) · r / (k · h²)` stays under about a quarter (see `seen_depth`).
const LAG: f64 = 0.25;

/// The separation (negative: penetration) the solver is shown for a contact of true separation `d`,
/// stiffness `k`, projected mass `r`, whose points carried `force` newtons each at the last step of `dt`
/// seconds. At rest (force `F`, depth `F / k`) it is the native spring's rest, `−F / (r · ω²)`, so the
/// contact rests at ODE's depth. `s₀ = depth_scale` alone gets there, but only at a rate of `s₀` of the
/// error per step (a heavy body would take seconds to settle); the offset `(s − s₀) · F / k` lets a larger
/// share `s` of the depth be shown, so that heavy bodies settle within a second as in ODE.
///
/// The offset shows a contact that carried a load as further out than it is, down to its spring's rest:
/// it applies to a point just outside the surface as to one just inside (`d` from 0 up to the offset is
/// shown at the offset). Left to penetrating points only, a point a rounding above the floor was a rigid
/// stop while its neighbours a rounding below were let in by the offset: a 20 kg cylinder set on a floor
/// tilted 0.09 rad on its rim within 0.8 s. A point further out than the offset is shown as it is (the
/// load it carried is stale: it has left).
pub fn seen_depth(d: f64, k: f64, r: f64, omega2: f64, dt: f64, force: f64) -> f64 {
    let s0 = depth_scale(k, r, omega2);
    if !r.is_finite() || r <= 0.0 {
        return d.min(0.0) * s0 + d.max(0.0);
    }
    let s = (s0 + LAG * k * dt * dt / r).min(1.0);
    let offset = (s - s0) * force.max(0.0) / k;
    if d < 0.0 {
        s * d + offset
    } else {
        d.max(offset)
    }
}

/// The normal force (N) each touching point between two bodies carried at the last step, along one
/// normal, read after the solver. The load is shared evenly among every point between the two bodies that
/// faces the same way, whichever geometries they belong to: the engine's solver, near rigid, may carry a
/// flat contact's load on any subset of its points (one diagonal of a box, one foot of four), where ODE's
/// springs share it; a point's own history would feed that choice back (a point that carried more is shown
/// deeper and carries more again: a box on four feet ended on two). Read per pair of bodies, not of points
/// (a rolling wheel's points are new at each step and would carry no history of their own).
#[derive(Debug, Default)]
pub struct Loads(HashMap<BodyPair, SmallVec<[Facing; 2]>, FixedState>);

/// Two bodies in a fixed order (`None`: the static world).
type BodyPair = (Option<RigidBodyHandle>, Option<RigidBodyHandle>);

/// The contacts between two bodies along one normal (from the pair's first body to its second): their
/// summed impulse and how many points carried it.
#[derive(Debug, Clone, Copy)]
struct Facing {
    normal: Vector,
    impulse: f64,
    points: usize,
}

/// Normals closer than this (cosine) are one facing: a box's four feet on a floor, not a floor and a wall.
const SAME_FACING: f64 = 0.9;

/// Loads are looked up for every contact pair at every step: a fast fixed hash (the keys are the
/// engine's own handles, nothing to guard against).
type FixedState = foldhash::fast::FixedState;

/// The pair of bodies in its fixed order, and the normal turned to match.
fn ordered(b1: Option<RigidBodyHandle>, b2: Option<RigidBodyHandle>, normal: Vector) -> (BodyPair, Vector) {
    let index = |b: Option<RigidBodyHandle>| b.map(|h| h.into_raw_parts());
    if index(b1) <= index(b2) {
        ((b1, b2), normal)
    } else {
        ((b2, b1), -normal)
    }
}

impl Loads {
    pub fn read(&mut self, narrow_phase: &NarrowPhase, dt: f64) {
        self.0.clear();
        if dt <= 0.0 {
            return;
        }
        for pair in narrow_phase.contact_pairs() {
            for m in pair.manifolds() {
                let (mut impulse, mut points) = (0.0, 0usize);
                for p in &m.points {
                    impulse += p.data.impulse.max(0.0);
                    points += usize::from(p.dist <= 0.0 || p.data.impulse > 0.0);
                }
                if impulse <= 0.0 {
                    continue;
                }
                let (key, normal) = ordered(m.data.rigid_body1, m.data.rigid_body2, m.data.normal);
                let facings = self.0.entry(key).or_default();
                match facings.iter_mut().find(|f| f.normal.dot(normal) > SAME_FACING) {
                    Some(f) => {
                        f.impulse += impulse;
                        f.points += points;
                    }
                    None => facings.push(Facing { normal, impulse, points }),
                }
            }
        }
        for f in self.0.values_mut().flatten() {
            f.impulse /= dt * f.points.max(1) as f64;
        }
    }

    /// The force each point between bodies `b1` and `b2` along `normal` (from `b1` to `b2`) carried.
    pub fn per_point(&self, b1: Option<RigidBodyHandle>, b2: Option<RigidBodyHandle>, normal: Vector) -> f64 {
        let (key, normal) = ordered(b1, b2, normal);
        self.0
            .get(&key)
            .and_then(|facings| facings.iter().find(|f| f.normal.dot(normal) > SAME_FACING))
            .map_or(0.0, |f| f.impulse)
    }
}

/// The inverse projected mass of body `h` at world point `p` along `n` (0 for a missing or non-dynamic
/// body).
fn inverse_mass_along(bodies: &RigidBodySet, h: Option<RigidBodyHandle>, p: Vector, n: Vector) -> f64 {
    let Some(b) = h.and_then(|h| bodies.get(h)) else { return 0.0 };
    if !b.is_dynamic() {
        return 0.0;
    }
    let m = b.mass_properties();
    let arm = (p - m.world_com).cross(n);
    n.dot(m.effective_inv_mass * n) + arm.dot(m.effective_world_inv_inertia.mul_vec(arm))
}

/// The projected mass of a contact between two bodies at world points `p1`, `p2` along normal `n`.
pub fn projected_mass(
    bodies: &RigidBodySet,
    (b1, p1): (Option<RigidBodyHandle>, Vector),
    (b2, p2): (Option<RigidBodyHandle>, Vector),
    n: Vector,
) -> f64 {
    let w = inverse_mass_along(bodies, b1, p1, n) + inverse_mass_along(bodies, b2, p2, n);
    if w > 0.0 {
        1.0 / w
    } else {
        f64::INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webots_defaults_give_odes_spring_of_6250_n_per_m_at_32_ms() {
        assert!((ode_stiffness(0.2, 0.001, 0.032) - 6250.0).abs() < 1e-9);
        assert!((ode_stiffness(0.2, 0.001, 0.008) - 25000.0).abs() < 1e-9);
    }

    #[test]
    fn the_scale_makes_the_native_rest_odes_and_never_stiffens() {
        let k = 6250.0;
        let spring = native_spring(k);
        let omega2 = spring.angular_frequency().powi(2);
        assert!((omega2 - k / LIGHTEST).abs() < 1e-6 * omega2);
        // rapier rests at F / (r ω²) of what it sees; seeing s · depth it rests at depth = F / k
        for r in [LIGHTEST, 0.5, 1.0, 50.0] {
            let s = depth_scale(k, r, omega2);
            let force = 3.0;
            let seen = force / (r * omega2);
            assert!((seen / s - force / k).abs() < 1e-12 * force / k, "r {r}");
        }
        assert_eq!(depth_scale(k, LIGHTEST / 2.0, omega2), 1.0);
        assert_eq!(depth_scale(k, f64::INFINITY, omega2), 1.0);
    }

    #[test]
    fn a_loaded_contact_is_shown_alike_a_rounding_either_side_of_the_surface_and_as_it_is_once_left() {
        let (k, dt, r, force) = (6250.0, 0.032, 20.0, 49.0);
        let omega2 = native_spring(k).angular_frequency().powi(2);
        let seen = |d: f64| seen_depth(d, k, r, omega2, dt, force);
        let offset = seen(0.0);
        assert!(offset > 0.0, "a loaded contact at the surface is shown out by its spring's rest");
        assert!((seen(-1e-9) - offset).abs() < 1e-8 && (seen(1e-9) - offset).abs() < 1e-8);
        // never shown closer than it is once out, nor further in when deeper
        assert_eq!(seen(offset / 2.0), offset);
        assert_eq!(seen(2.0 * offset), 2.0 * offset);
        assert!(seen(-0.002) < seen(-0.001));
        // at its spring's rest it is shown at the native spring's rest for the same force
        let rest = seen(-force / k);
        assert!((rest + force / (r * omega2)).abs() < 1e-12, "{rest}");
    }
}
