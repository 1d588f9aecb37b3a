//! Fast rotation as ODE integrates it: no cap on a body's rotation rate. rapier holds a body to 45° a step
//! unless it is allowed more, which at Webots' 16 ms step would stop any wheel at 49 rad/s (a motor of
//! `maxVelocity 100` at half its speed, a robot at half the distance).

use super::test_world::{def, world};
use super::Drive;

#[test]
fn a_free_body_spinning_at_107_rad_per_s_keeps_its_rate() {
    // a cylinder spinning about its axis of symmetry, without gravity: angular momentum is conserved
    let (mut scene, mut physics) = world(
        "WorldInfo { basicTimeStep 16 gravity 0 physicsDisableTime 0 }\n\
         DEF W Solid { boundingObject Pose { rotation 0 1 0 1.5707963267948966 \
           children [ Cylinder { height 0.01 radius 0.028 } ] } physics Physics { density -1 mass 0.05 } }",
    );
    let w = def(&scene, "W");
    physics.set_body_velocity(w, [0.0, 0.0, 0.0, 107.0, 0.0, 0.0]);
    for _ in 0..10 {
        physics.step(&mut scene);
    }
    let v = physics.body_velocity(w).unwrap();
    assert!(
        (v[3] - 107.0).abs() < 1e-9,
        "spins at {} rad/s (π/4 a step is {:.2})",
        v[3],
        0.25 * std::f64::consts::PI / 0.016
    );
}

#[test]
fn a_wheel_motor_reaches_its_maximum_velocity_of_100_rad_per_s() {
    // a wheel hinged on a Solid welded to the world, in the air: nothing but the motor turns it
    let (mut scene, mut physics) = world(
        "WorldInfo { basicTimeStep 16 physicsDisableTime 0 }\n\
         Solid { translation 0 0 1 children [ DEF AXLE HingeJoint { jointParameters HingeJointParameters { axis 1 0 0 } \
           endPoint Solid { boundingObject Pose { rotation 0 1 0 1.5707963267948966 \
             children [ Cylinder { height 0.01 radius 0.028 } ] } physics Physics { density -1 mass 0.05 } } } ] }",
    );
    let axle = def(&scene, "AXLE");
    let mut last: Option<f64> = None;
    for _ in 0..10 {
        physics.set_drive(axle, 0, Drive::Velocity { velocity: 100.0, max_force: 10.0 }, true);
        physics.step(&mut scene);
        let (position, rate) = physics.joint_axis(axle, 0).unwrap();
        assert!((rate - 100.0).abs() < 1e-6, "turns at {rate} rad/s");
        // and, once at speed, the wheel really turns that far each step (the position is unwrapped), within
        // the linearised rotation update of the engine's substeps (2·atan(ω h / 2) per substep of h, as ODE's
        // default, non-finite rotation mode: 1.3 % short at 0.4 rad a substep)
        if let Some(last) = last {
            assert!((position - last - 1.6).abs() < 0.025, "turned {} rad in a step", position - last);
        }
        last = Some(position);
    }
}
