//! The force or torque a multibody joint's motor and stops transmitted in the last step. rapier solves
//! a multibody's motor and limit rows without keeping their impulses, so they are read from the motion
//! of what the joint carries (Newton–Euler on the subtree below it): the change of its momentum along
//! the axis (angular about the axis line for a hinge, linear along it for a slider) less what gravity,
//! the contacts of the last step and the forces applied on the axis gave it.

use nalgebra::{Isometry3, Point3, Vector3};
use rapier3d_f64::prelude::*;

use super::super::body_math::BodyMath;
use super::super::contact_forces;
use super::super::engine::Engine;
use crate::world::geometry::convert::na_matrix;

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
    for rb in bodies.iter().filter_map(|h| engine.bodies.get(*h)) {
        q += along(g * rb.mass() * rb.gravity_scale(), rb.com_na());
        for &c in rb.colliders() {
            contact_forces::for_each(engine, c, |other, f, at| {
                // (contacts between two of the carried bodies cancel)
                let inside = engine.colliders.get(other).and_then(|o| o.parent()).is_some_and(|p| bodies.contains(&p));
                if !inside {
                    q += along(f, at);
                }
            });
        }
    }
    q
}
