//! The forces the last step's contacts applied to one collider, as the engine keeps them: each point's
//! normal impulse over the step, and each manifold's friction (its last substep's, per manifold).

use nalgebra::{Point3, Vector3};
use rapier3d_f64::prelude::*;

use super::engine::Engine;
use super::welds::impulse_to_force;
use crate::world::geometry::convert::{isometry, na_point};

/// Calls `f(other, force, at)` for each force the last step's contacts applied to collider `own`: a
/// point's normal force at that point, a manifold's friction at its points' centre (world coordinates);
/// `other` is the collider on the other side.
pub fn for_each(engine: &Engine, own: ColliderHandle, mut f: impl FnMut(ColliderHandle, Vector3<f64>, Point3<f64>)) {
    let (dt, friction_scale) = (engine.params.dt, impulse_to_force(engine));
    for pair in engine.narrow_phase.contact_pairs_with(own) {
        let other = if pair.collider1 == own { pair.collider2 } else { pair.collider1 };
        // the engine's impulses are those it applied to the pair's first collider
        let sign = if pair.collider1 == own { 1.0 } else { -1.0 };
        let Some(c1) = engine.colliders.get(pair.collider1) else { continue };
        let pose1 = isometry(c1.position());
        for m in pair.manifolds() {
            let n = Vector3::new(m.data.normal.x, m.data.normal.y, m.data.normal.z);
            let mut centre = Vector3::zeros();
            for p in &m.points {
                let at = pose1 * na_point(p.local_p1);
                centre += at.coords;
                f(other, -n * (sign * p.data.impulse / dt), at);
            }
            if let Some(first) = m.points.first() {
                let t = first.data.warmstart_tangent_world;
                let at = Point3::from(centre / m.points.len() as f64);
                f(other, Vector3::new(t.x, t.y, t.z) * (sign * friction_scale), at);
            }
        }
    }
}
