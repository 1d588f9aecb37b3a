//! The force or torque a multibody joint's motor and stops transmitted in the last step. rapier solves
//! a multibody's motor and limit rows without keeping their impulses, so they are read from the motion
//! of what the joint carries (Newton–Euler on the subtree below it): the change of its momentum along
//! the axis (angular about the axis line for a hinge, linear along it for a slider) less what gravity,
//! the contacts of the last step and the forces applied on the axis gave it.

use nalgebra::{Isometry3, Point3, Vector3};
use rapier3d_f64::prelude::*;

use super::super::body_math::BodyMath;
use super::super::engine::Engine;
use super::super::welds::impulse_to_force;
use crate::world::geometry::convert::{isometry, na_matrix, na_point};

/// The generalized momentum of `bodies` along the axis at `frame` (world, x along the axis): their
/// angular momentum about the axis line (`angular`), or their linear momentum along it.
pub fn momentum(engine: &Engine, bodies: &[RigidBodyHandle], frame: &Isometry3<f64>, angular: bool) -> f64 {
    let (u, a) = (frame.rotation * Vector3::x(), Point3::from(frame.translation.vector));
    let mut p = 0.0;
    for rb in bodies.iter().filter_map(|h| engine.bodies.get(*h)) {
        let m = rb.mass();
        let v = rb.linvel_na();
        if angular {
            let props = rb.mass_properties().local_mprops.transform_by(rb.position());
            let inertia = na_matrix(&props.reconstruct_inertia_matrix());
            p += ((rb.com_na() - a).cross(&(v * m)) + inertia * rb.angvel_na()).dot(&u);
        } else {
            p += m * v.dot(&u);
        }
    }
    p
}

/// The generalized force along the axis at `frame` that gravity and the last step's contacts gave
/// `bodies` (those between two of them cancel).
pub fn applied(engine: &Engine, bodies: &[RigidBodyHandle], frame: &Isometry3<f64>, angular: bool) -> f64 {
    let (u, a) = (frame.rotation * Vector3::x(), Point3::from(frame.translation.vector));
    let along = |f: Vector3<f64>, at: Point3<f64>| if angular { (at - a).cross(&f).dot(&u) } else { f.dot(&u) };
    let g = engine.gravity;
    let mut q = 0.0;
    let dt = engine.params.dt;
    let friction_scale = impulse_to_force(engine);
    for rb in bodies.iter().filter_map(|h| engine.bodies.get(*h)) {
        q += along(g * rb.mass() * rb.gravity_scale(), rb.com_na());
        for &c in rb.colliders() {
            for pair in engine.narrow_phase.contact_pairs_with(c) {
                let other = if pair.collider1 == c { pair.collider2 } else { pair.collider1 };
                let inside = engine.colliders.get(other).and_then(|o| o.parent()).is_some_and(|p| bodies.contains(&p));
                if inside {
                    continue;
                }
                // the engine's impulses are those it applied to the pair's first collider
                let sign = if pair.collider1 == c { 1.0 } else { -1.0 };
                let Some(c1) = engine.colliders.get(pair.collider1) else { continue };
                let pose1 = isometry(c1.position());
                for m in pair.manifolds() {
                    let n = Vector3::new(m.data.normal.x, m.data.normal.y, m.data.normal.z);
                    let mut centre = Vector3::zeros();
                    for p in &m.points {
                        let at = pose1 * na_point(p.local_p1);
                        centre += at.coords;
                        q += along(-n * (sign * p.data.impulse / dt), at);
                    }
                    if let Some(first) = m.points.first() {
                        let t = first.data.warmstart_tangent_world;
                        let at = Point3::from(centre / m.points.len() as f64);
                        q += along(Vector3::new(t.x, t.y, t.z) * (sign * friction_scale), at);
                    }
                }
            }
        }
    }
    q
}
