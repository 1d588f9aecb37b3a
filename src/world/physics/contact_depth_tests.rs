//! Contacts as ODE makes them with Webots' soft ERP and CFM: a body resting on a contact sinks until the
//! contact's spring `k = ERP / (h · CFM)` carries its share of the weight (ODE's manual: a soft constraint
//! with ERP and CFM is a spring of that stiffness and a damper `(1 − ERP) / CFM`), whatever the body's
//! mass and however the load reaches the contact (through a joint, on a light wheel); and a wheeled robot
//! resting on such contacts drives at its wheels' rate.

use nalgebra::Vector3;

use super::test_world::{def, world};
use super::Drive;
use crate::world::scene::{NodeId, Scene};

const G: f64 = 9.81;

fn position(scene: &Scene, node: NodeId) -> Vector3<f64> {
    scene.global_pose(node).translation.vector
}

/// ODE's resting penetration of one contact carrying `force` newtons: the spring `ERP / (h · CFM)`.
fn ode_depth(force: f64, h: f64, erp: f64, cfm: f64) -> f64 {
    force * h * cfm / erp
}

/// How deep a body sinks into a floor after `seconds` of rest with Webots' default contact softness;
/// `geometry` is its bounding object, whose lowest point starts on the floor at height `bottom`.
fn rest_depth(geometry: &str, bottom: f64, mass: f64, step_ms: f64, seconds: f64) -> f64 {
    let (mut scene, mut physics) = world(&format!(
        "WorldInfo {{ basicTimeStep {step_ms} physicsDisableTime 0 }}\n\
         Solid {{ boundingObject Plane {{ size 10 10 }} }}\n\
         DEF BODY Solid {{ translation 0 0 {bottom} boundingObject {geometry} \
           physics Physics {{ density -1 mass {mass} }} }}",
    ));
    let body = def(&scene, "BODY");
    for _ in 0..(seconds / physics.dt()).round() as usize {
        physics.step(&mut scene);
    }
    bottom - position(&scene, body).z
}

#[test]
fn a_sphere_rests_as_deep_as_odes_contact_spring_from_50_g_to_50_kg() {
    // one contact point (ODE's sphere–plane collider makes one): depth = m g h CFM / ERP
    for (mass, radius, step, seconds) in
        [(0.05, 0.02, 32.0, 2.0), (0.5, 0.05, 32.0, 2.0), (5.0, 0.1, 16.0, 2.0), (50.0, 0.2, 8.0, 8.0)]
    {
        let expected = ode_depth(mass * G, step / 1000.0, 0.2, 0.001);
        let depth = rest_depth(&format!("Sphere {{ radius {radius} }}"), radius, mass, step, seconds);
        assert!((depth - expected).abs() < 0.02 * expected, "{mass} kg sank {depth} m, ODE {expected} m");
    }
}

#[test]
fn a_box_rests_on_its_four_corners_each_carrying_a_quarter() {
    // ODE's box–plane collider makes four points, as ours: each spring carries m g / 4 (from 0.5 kg, each
    // corner's projected mass is above soft_contacts::LIGHTEST)
    for (mass, step) in [(0.5, 32.0), (1.0, 16.0), (10.0, 8.0)] {
        let expected = ode_depth(mass * G / 4.0, step / 1000.0, 0.2, 0.001);
        let depth = rest_depth("Box { size 0.1 0.1 0.05 }", 0.025, mass, step, 4.0);
        assert!((depth - expected).abs() < 0.02 * expected, "{mass} kg sank {depth} m, ODE {expected} m");
    }
}

#[test]
fn a_contact_follows_its_contact_properties_softness() {
    // a ContactProperties between the two materials: ERP 0.5, CFM 0.0001 is a spring 100 times stiffer
    let (mut scene, mut physics) = world(
        "WorldInfo { basicTimeStep 16 physicsDisableTime 0 contactProperties [ \
           ContactProperties { material1 \"floor\" material2 \"ball\" softERP 0.5 softCFM 0.0001 } ] }\n\
         Solid { contactMaterial \"floor\" boundingObject Plane { size 10 10 } }\n\
         DEF BALL Solid { translation 0 0 0.1 contactMaterial \"ball\" boundingObject Sphere { radius 0.1 } \
           physics Physics { density -1 mass 20 } }",
    );
    let ball = def(&scene, "BALL");
    for _ in 0..250 {
        physics.step(&mut scene);
    }
    let expected = ode_depth(20.0 * G, 0.016, 0.5, 0.0001);
    let depth = 0.1 - position(&scene, ball).z;
    assert!((depth - expected).abs() < 0.02 * expected, "sank {depth} m, ODE {expected} m");
}

/// Webots' MyBot: a 0.5 kg cylinder body (radius 0.045, height 0.08) whose bottom clears the floor by
/// 1.5 mm, on two 0.05 kg wheels of radius 0.025 hinged on one axle.
fn mybot(body_mass: f64) -> String {
    let wheel = |name: &str, y: f64| {
        format!(
            "DEF {name} HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 {y} 0.025 }} \
               endPoint DEF {name}_WHEEL Solid {{ translation 0 {y} 0.025 name \"{name}\" \
                 boundingObject Pose {{ rotation 1 0 0 1.5707963267948966 children [ Cylinder {{ height 0.01 radius 0.025 }} ] }} \
                 physics Physics {{ density -1 mass 0.05 }} }} }}"
        )
    };
    format!(
        "WorldInfo {{ basicTimeStep 32 }}\n\
         Solid {{ boundingObject Plane {{ size 10 10 }} }}\n\
         DEF BOT Robot {{ children [ {} {} ] \
           boundingObject Pose {{ translation 0 0 0.0415 children [ Cylinder {{ height 0.08 radius 0.045 }} ] }} \
           physics Physics {{ density -1 mass {body_mass} }} }}",
        wheel("LEFT", 0.045),
        wheel("RIGHT", -0.045)
    )
}

#[test]
fn mybot_rests_on_its_wheels_as_deep_as_odes_contacts() {
    // the whole weight (0.6 kg) on two wheels, each touching the floor along its width at two points; a
    // wheel's points have a projected mass of 0.043 kg, under soft_contacts::LIGHTEST: they rest as deep
    // as the engine's native spring holds them, LIGHTEST / 0.043 of ODE's depth (16 % deeper)
    let (mut scene, mut physics) = world(&mybot(0.5));
    let (bot, wheel) = (def(&scene, "BOT"), def(&scene, "LEFT_WHEEL"));
    for _ in 0..100 {
        physics.step(&mut scene);
    }
    let expected = ode_depth(0.6 * G / 4.0, 0.032, 0.2, 0.001);
    let depth = 0.025 - position(&scene, wheel).z;
    assert!(depth > expected * 0.98 && depth < expected * 1.2, "the wheels sank {depth} m, ODE {expected} m");
    // upright on its wheels: the body's bottom still clears the floor
    let bottom = position(&scene, bot).z + 0.0015;
    assert!(bottom > 0.001, "the body's bottom is at {bottom} m");
}

#[test]
fn mybot_drives_a_metre_at_omega_r() {
    let (mut scene, mut physics) = world(&mybot(0.5));
    let (bot, left, right) = (def(&scene, "BOT"), def(&scene, "LEFT"), def(&scene, "RIGHT"));
    for _ in 0..20 {
        physics.step(&mut scene);
    }
    let start = position(&scene, bot);
    let omega = 10.0;
    // 1 m at ω r = 0.25 m/s: 4 s
    let steps = (1.0 / (omega * 0.025) / physics.dt()).round() as usize;
    for _ in 0..steps {
        for j in [left, right] {
            physics.set_drive(j, 0, Drive::Velocity { velocity: omega, max_force: 10.0 }, true);
        }
        physics.step(&mut scene);
    }
    let moved = position(&scene, bot) - start;
    // the wheels roll on the radius their contacts leave them, and the body rocks on its axle as it starts
    assert!((moved.x - 1.0).abs() < 0.05, "moved {moved}");
    assert!(moved.y.abs() < 0.01, "moved {moved}");
}
