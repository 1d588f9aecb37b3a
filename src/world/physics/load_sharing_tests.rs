//! A load shared among contacts as ODE's springs share it (Webots' soft ERP and CFM: each contact a spring
//! `k = ERP / (h · CFM)`): a symmetric body on symmetric contacts stays symmetric, and a body on several
//! feet rests on all of them. Reference: tools/ode_reference/resting_loads.c (ODE 0.16, Webots' settings).

use nalgebra::Vector3;

use super::test_world::{def, world};

const G: f64 = 9.81;

/// ODE's contact spring at Webots' default surface and 32 ms: 0.2 / (0.032 · 0.001).
const K: f64 = 6250.0;

/// Webots' motor2 base with its Hinge2 endPoint's inertia: a 20 kg cylinder (5 cm radius and height) of
/// 2 kg·m² about every axis, set on the floor with its bottom just touching.
const CYLINDER: &str = "WorldInfo { basicTimeStep 32 physicsDisableTime 0 }\n\
    Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
    DEF BODY Solid { translation 0 0 0.025 boundingObject Cylinder { height 0.05 radius 0.05 } \
      physics Physics { density -1 mass 20 centerOfMass [ 0 0 0 ] inertiaMatrix [ 2 2 2 0 0 0 ] } }";

#[test]
fn a_heavy_cylinder_set_on_a_floor_sinks_level_to_its_springs_rest() {
    let (mut scene, mut physics) = world(CYLINDER);
    let body = def(&scene, "BODY");
    let mut worst_tilt: f64 = 0.0;
    for _ in 0..(3.0 / physics.dt()).round() as usize {
        physics.step(&mut scene);
        let up = scene.global_pose(body).rotation * Vector3::z();
        worst_tilt = worst_tilt.max(up.z.clamp(-1.0, 1.0).acos());
    }
    // landing on equal springs under its centre of mass gives it no cause to tilt (ODE: 0 exactly); the
    // emulation tilted it 0.09 rad within 0.8 s
    assert!(worst_tilt < 3e-3, "tilted {worst_tilt} rad");
    // ODE's cylinder–plane collider makes four rim points: 196.2 N on four springs sinks it 7.85 mm
    // (ODE: 7.849 mm after 0.8 s)
    let expected = 20.0 * G / (4.0 * K);
    let depth = 0.025 - scene.global_pose(body).translation.vector.z;
    assert!((depth - expected).abs() < 0.03 * expected, "sank {depth} m, ODE {expected} m");
}

/// A 5 kg box (12 × 12 × 6 cm) on four 5 g force TouchSensor balls of 1 cm radius, 5 cm under its
/// centre at (±5 cm, ±5 cm), dropped from 1 cm (tests/touch_sensor_bodies.rs's robot).
fn four_feet() -> String {
    let foot = |name: &str, x: f64, y: f64| {
        format!(
            "DEF {name} TouchSensor {{ name \"{name}\" type \"force\" translation {x} {y} -0.05 rotation 0 1 0 1.5708 \
             boundingObject Sphere {{ radius 0.01 }} physics Physics {{ density -1 mass 0.005 }} }}"
        )
    };
    format!(
        "WorldInfo {{ basicTimeStep 32 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         DEF BODY Robot {{ translation 0 0 0.07 \
           boundingObject Box {{ size 0.12 0.12 0.06 }} physics Physics {{ density -1 mass 5 }} \
           children [ {} {} {} {} ] }}",
        foot("F1", 0.05, 0.05),
        foot("F2", -0.05, 0.05),
        foot("F3", 0.05, -0.05),
        foot("F4", -0.05, -0.05)
    )
}

#[test]
fn a_box_on_four_feet_rests_on_all_four_each_carrying_a_quarter() {
    let (mut scene, mut physics) = world(&four_feet());
    let body = def(&scene, "BODY");
    let feet: Vec<_> = ["F1", "F2", "F3", "F4"].iter().map(|n| def(&scene, n)).collect();
    for _ in 0..(3.0 / physics.dt()).round() as usize {
        physics.step(&mut scene);
    }
    // ODE (a weld per foot): 12.2625 N on each; the emulation carried it on two diagonal feet (24.5 N)
    let quarter = 5.0 * G / 4.0;
    for &foot in &feet {
        let up = physics.touch_force(foot).expect("a force sensor on the body").z;
        assert!((up - quarter).abs() < 0.01 * quarter, "a foot carries {up} N of the box's {quarter} N each");
    }
    // each foot's spring carries its quarter and the feet's own 5 g: 1.97 mm (ODE: 1.99 with its welds' give)
    let expected = (5.0 + 0.02) * G / (4.0 * K);
    let depth = 0.06 - scene.global_pose(body).translation.vector.z;
    assert!((depth - expected).abs() < 0.03 * expected, "sank {depth} m, ODE's springs {expected} m");
}
