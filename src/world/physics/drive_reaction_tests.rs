//! A motor's reaction on the rest of a robot: what hangs from the robot on a free joint keeps its own
//! rotation (nothing in a free hinge can turn it), where a motor or a spring would carry it along.

use super::test_world::{def, world};
use super::Drive;

/// A 2 kg base (0.2 × 0.1 × 0.1 m) floating without gravity, with a 1 kg square wheel (0.1 × 0.1 m, on
/// its centre of mass) on a motorised hinge about y at x = 0.2, and a 1 kg rod 0.4 m long on a hinge
/// about y through its centre of mass at x = −0.2, `rod_joint` its joint parameters' extra fields. The
/// wheel is driven at 10 rad/s; returns the base's and the rod's rotations about y after `steps` 16 ms
/// steps.
fn spin_up(rod_joint: &str, steps: usize) -> (f64, f64) {
    let (mut scene, mut physics) = world(&format!(
        "WorldInfo {{ gravity 0 basicTimeStep 16 }}\n\
         DEF BASE Robot {{ translation 0 0 1 children [ \
           DEF WHEEL_JOINT HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0.2 0 0 }} \
             device [ RotationalMotor {{ maxVelocity 100 maxTorque 1000 }} ] \
             endPoint Solid {{ translation 0.2 0 0 children [ DEF W Shape {{ geometry Box {{ size 0.1 0.02 0.1 }} }} ] \
               name \"wheel\" boundingObject USE W physics Physics {{ density -1 mass 1 }} }} }} \
           HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor -0.2 0 0 {rod_joint} }} \
             endPoint DEF ROD Solid {{ translation -0.2 0 0 children [ DEF R Shape {{ geometry Box {{ size 0.02 0.02 0.4 }} }} ] \
               name \"rod\" boundingObject USE R physics Physics {{ density -1 mass 1 }} }} }} ] \
           boundingObject Box {{ size 0.2 0.1 0.1 }} physics Physics {{ density -1 mass 2 }} }}"
    ));
    let (base, rod, wheel) = (def(&scene, "BASE"), def(&scene, "ROD"), def(&scene, "WHEEL_JOINT"));
    for _ in 0..steps {
        physics.set_drive(wheel, 0, Drive::Velocity { velocity: 10.0, max_force: 1000.0 }, false);
        physics.step(&mut scene);
    }
    let pitch = |n| {
        let (axis, angle) =
            scene.global_pose(n).rotation.axis_angle().map_or((nalgebra::Vector3::y_axis(), 0.0), |a| a);
        angle * axis.y
    };
    (pitch(base), pitch(rod))
}

#[test]
fn a_rod_on_a_free_hinge_keeps_its_rotation_while_a_motor_turns_the_base_under_it() {
    let steps = 20;
    let (base, rod) = spin_up("", steps);
    // angular momentum about y stays 0: I_w·(ω_b + 10) + (I_b + Σ m r²)·ω_b = 0, the rod's own rotation
    // apart (a hinge through its centre of mass passes it no torque about y)
    let (i_base, i_wheel) = (2.0 * (0.04 + 0.01) / 12.0, (0.01 + 0.01) / 12.0);
    let rate = -10.0 * i_wheel / (i_base + i_wheel + 2.0 * 0.2 * 0.2);
    let expected = rate * 0.016 * steps as f64;
    assert!((base - expected).abs() < 1e-3 * expected.abs(), "base turned {base} rad, momentum says {expected}");
    assert!(rod.abs() < 1e-6, "the rod turned {rod} rad with the base");
}

#[test]
fn a_rod_on_a_damped_hinge_is_carried_along_by_the_base() {
    // a stiff damper makes the hinge nearly rigid: the rod turns with the base, which then turns less
    let (base, rod) = spin_up("dampingConstant 1000", 20);
    assert!(rod.abs() > 0.9 * base.abs(), "rod {rod} rad, base {base} rad");
}
