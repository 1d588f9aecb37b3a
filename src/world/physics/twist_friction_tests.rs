//! A flat face resting on a floor under a torque about the floor's normal: how much twist its friction
//! holds. ODE (Webots) puts a resting box's contact points at the corners of its face and a cylinder's on
//! its cap's rim, each with its own friction, so the face holds until the torque reaches
//! `μ·W·(distance of those points from the centre)`: `μ·W·a/√2` for a square face of side `a`, `μ·W·R` for
//! a disc of radius `R`. (A face pressed evenly all over would hold less, `μ·W` times the mean distance of
//! its area from the centre: 0.383·a and 2R/3.) Ours has the same points and a twist row limited by
//! `μ·Σ Nᵢ·dᵢ` over them, so it holds up to the same torques.

use nalgebra::Vector3;

use super::test_world::{def, world};

const MASS: f64 = 20.0;
const G: f64 = 9.81;

/// The yaws (rad) of a 20 kg body resting on `bounding` on a floor (Webots' default contact: Coulomb
/// friction 1) after each of 32 steps of 32 ms under a torque `torque` N·m about the vertical.
fn yaws_under(bounding: &str, half_height: f64, torque: f64) -> Vec<f64> {
    let (mut scene, mut physics) = world(&format!(
        "WorldInfo {{ basicTimeStep 32 physicsDisableTime 0 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         DEF B Solid {{ translation 0 0 {half_height} boundingObject {bounding} physics Physics {{ density -1 mass {MASS} }} }}"
    ));
    let b = def(&scene, "B");
    // settled on the floor's soft contacts first
    for _ in 0..30 {
        physics.step(&mut scene);
    }
    let start = scene.global_pose(b).rotation;
    (0..32)
        .map(|_| {
            physics.add_torque(&scene, b, Vector3::new(0.0, 0.0, torque)).unwrap();
            physics.step(&mut scene);
            (start.inverse() * scene.global_pose(b).rotation).scaled_axis().z
        })
        .collect()
}

/// Below the limit the body comes to rest (its yaw no longer changes once the friction took the
/// torque); above it, it keeps turning.
fn holds_below_and_turns_above(bounding: &str, half_height: f64, limit: f64) {
    let below = yaws_under(bounding, half_height, 0.8 * limit);
    let settled = &below[2..];
    let drift = settled.iter().fold(0.0_f64, |m, y| m.max((y - settled[0]).abs()));
    assert!(drift < 1e-4, "{bounding} under {:.2} N·m: turned {drift} rad more after the first steps", 0.8 * limit);
    let above = yaws_under(bounding, half_height, 1.2 * limit);
    let turned = above.last().unwrap().abs();
    assert!(turned > 0.3, "{bounding} under {:.2} N·m turned only {turned} rad in 1 s", 1.2 * limit);
}

#[test]
fn a_box_face_holds_a_twist_up_to_its_corners_friction() {
    let a = 0.2;
    holds_below_and_turns_above("Box { size 0.2 0.2 0.1 }", 0.05, MASS * G * a / 2f64.sqrt());
}

#[test]
fn a_cylinder_cap_holds_a_twist_up_to_its_rim_s_friction() {
    let r = 0.05;
    holds_below_and_turns_above("Cylinder { height 0.05 radius 0.05 }", 0.025, MASS * G * r);
}
