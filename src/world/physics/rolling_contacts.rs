//! Round bodies rolling on their contacts. rapier follows a contact's separation through a step's substeps
//! by carrying the contact point rigidly with each body; a wheel turning about its own axis carries that
//! point up off the floor (by `r · (1 − cos θ)` after turning `θ`), so the solver sees the contact open
//! while the wheel still stands on it, and lets the wheel sink and slip: at 60 rad/s (about a radian per
//! 16 ms step) a 28 mm wheel sank 3 mm and rolled 15 to 30 % short of `ω · r`, and Webots' balancing robot
//! lost its pole. ODE (Webots) solves each contact once per step where it was found, which a round shape
//! turning in place never leaves.
//!
//! The part of a round shape's rotation that leaves its surface where it is (a cylinder's or a capsule
//! side's spin about the axis, any rotation of a ball or of a capsule's cap) moves nothing: the contact is
//! shown to the solver that much deeper, by the mean of how far that rotation would carry the point away at
//! the substeps' starts. (rapier's surface velocity would follow the drift within the step, but the
//! friction model the engine uses drops it from the separation it tracks.)

use rapier3d_f64::prelude::*;

/// How much deeper (m) the solver must see a contact at world point `anchor` of `shape` (collider pose
/// `pose`), whose body turns at `angvel`, `n_out` being the shape's outward normal there: the mean, over the
/// `substeps` substeps of a step of `dt` seconds, of how far the substeps' tracking carries the point inward
/// by the turn that leaves the shape's surface in place. 0 for shapes that are not round.
pub fn rolling_offset(
    shape: &dyn Shape,
    pose: &Pose,
    angvel: Vector,
    anchor: Vector,
    n_out: Vector,
    dt: f64,
    substeps: usize,
) -> f64 {
    let Some((centre, spin)) = symmetric_spin(shape, pose, angvel, anchor) else { return 0.0 };
    let speed = spin.length();
    if substeps < 2 || speed < 1e-9 || !speed.is_finite() {
        return 0.0;
    }
    let axis = spin / speed;
    let arm = anchor - centre;
    let lifted: f64 = (0..substeps)
        .map(|k| {
            let t = k as f64 * dt / substeps as f64;
            let turned = Rotation::from_axis_angle(axis, speed * t) * arm;
            -(turned - arm).dot(n_out)
        })
        .sum();
    lifted / substeps as f64
}

/// The centre about which `shape` is symmetric near `anchor`, and the part of `angvel` that turns it
/// about that centre without moving its surface: a ball's whole rotation, a cylinder's or a capsule
/// side's spin about the axis, a capsule cap's whole rotation about the cap's centre.
fn symmetric_spin(shape: &dyn Shape, pose: &Pose, angvel: Vector, anchor: Vector) -> Option<(Vector, Vector)> {
    if shape.as_ball().is_some() {
        return Some((pose.translation, angvel));
    }
    if let Some(c) = shape.as_capsule() {
        let local_axis = c.segment.b - c.segment.a;
        let axis = pose.rotation * local_axis.normalize_or_zero();
        let mid = pose.transform_point((c.segment.a + c.segment.b) * 0.5);
        let along = (anchor - mid).dot(axis);
        let half = local_axis.length() * 0.5;
        if along.abs() > half {
            return Some((mid + axis * half * along.signum(), angvel));
        }
        return Some((mid + axis * along, axis * angvel.dot(axis)));
    }
    shape.as_cylinder()?;
    // parry's cylinders stand along their y axis
    let axis = pose.rotation * Vector::Y;
    let along = (anchor - pose.translation).dot(axis);
    Some((pose.translation + axis * along, axis * angvel.dot(axis)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 0.016;
    const SUBSTEPS: usize = 4;

    /// A circle of radius `r` turning at `w` lifts its lowest point by about r·(w·t)²/2 after `t`: the
    /// mean of that at the substeps' starts k·h/4 (k = 0..3) is r·w²·(h/4)²·(0 + 1 + 4 + 9)/8.
    fn small_turn_offset(r: f64, w: f64) -> f64 {
        let h = DT / SUBSTEPS as f64;
        r * w * w * h * h * 14.0 / 8.0
    }

    #[test]
    fn a_lying_cylinder_turning_about_its_axis_is_shown_deeper_by_what_a_circle_lifts_its_lowest_point() {
        // lying along parry's y, its lowest point straight under the axis
        let (r, w) = (0.028, 1.0);
        let shape = Cylinder::new(0.005, r);
        let at = |spin: Vector| rolling_offset(&shape, &Pose::IDENTITY, spin, -Vector::Z * r, -Vector::Z, DT, SUBSTEPS);
        let expected = small_turn_offset(r, w);
        let offset = at(Vector::Y * w);
        assert!((offset - expected).abs() < 1e-5 * expected, "{offset} vs {expected}");
        // turning the other way lifts the point as much; turning about the vertical lifts nothing
        assert!((at(-Vector::Y * w) - offset).abs() < 1e-15);
        assert_eq!(at(Vector::Z * w), 0.0);
        // at a radian per step the exact turn: r (1 − cos θ) at θ = 0, ¼, ½, ¾ rad
        let fast = at(Vector::Y / DT);
        let exact = (0..4).map(|k| r * (1.0 - (k as f64 / 4.0).cos())).sum::<f64>() / 4.0;
        assert!((fast - exact).abs() < 1e-12, "{fast} vs {exact}");
    }

    #[test]
    fn a_cylinder_spinning_on_its_cap_and_a_box_turning_are_left_as_they_are() {
        let cylinder = Cylinder::new(0.01, 0.03);
        // standing on its cap (its axis y along the normal): a spin about the axis keeps every cap point's height
        let cap = rolling_offset(
            &cylinder,
            &Pose::IDENTITY,
            Vector::Y * 50.0,
            Vector::new(0.02, -0.01, 0.0),
            -Vector::Y,
            DT,
            4,
        );
        assert!(cap.abs() < 1e-12, "{cap}");
        // a box's corner does move when the box turns
        let cuboid = Cuboid::new(Vector::splat(0.05));
        let corner = Vector::new(0.05, 0.05, -0.05);
        assert_eq!(rolling_offset(&cuboid, &Pose::IDENTITY, Vector::Y * 50.0, corner, -Vector::Z, DT, 4), 0.0);
    }

    #[test]
    fn a_ball_rolling_any_way_is_shown_deeper_and_a_single_substep_not_at_all() {
        let (r, w) = (0.05, 2.0);
        let ball = Ball::new(r);
        let pose = Pose::from_translation(Vector::new(1.0, 2.0, r));
        let anchor = Vector::new(1.0, 2.0, 0.0);
        let diagonal = Vector::new(1.0, 1.0, 0.0).normalize() * w;
        let offset = rolling_offset(&ball, &pose, diagonal, anchor, -Vector::Z, DT, SUBSTEPS);
        let expected = small_turn_offset(r, w);
        assert!((offset - expected).abs() < 1e-4 * expected, "{offset} vs {expected}");
        assert_eq!(rolling_offset(&ball, &pose, diagonal, anchor, -Vector::Z, DT, 1), 0.0);
    }

    #[test]
    fn a_capsule_rolls_on_its_side_and_turns_on_its_caps_like_a_ball() {
        let (r, w) = (0.01, 3.0);
        let capsule = Capsule::new_y(0.05, r);
        // lying along y on its side: its spin about y lifts the lowest point as a circle's
        let side = rolling_offset(&capsule, &Pose::IDENTITY, Vector::Y * w, -Vector::Z * r, -Vector::Z, DT, SUBSTEPS);
        assert!((side - small_turn_offset(r, w)).abs() < 1e-4 * side, "{side}");
        // standing on a cap: any rotation about the cap's centre keeps the cap where it is
        let tip = Vector::new(0.0, -0.05 - r, 0.0);
        let cap = rolling_offset(&capsule, &Pose::IDENTITY, Vector::X * w, tip, -Vector::Y, DT, SUBSTEPS);
        assert!((cap - small_turn_offset(r, w)).abs() < 1e-4 * cap, "{cap}");
    }
}
