//! The engine against physics: free fall, a pendulum's period, friction on a slope, rest, springs and
//! determinism. Expected values come from mechanics, not from the engine.

use std::f64::consts::PI;

use nalgebra::{Point3, Vector3};

use super::Physics;
use crate::world::scene::{parse_world_str, FieldValue, LoadOptions, NodeId, Scene};

const G: f64 = 9.81;

fn world(body: &str) -> (Scene, Physics, Vec<String>) {
    let text = format!("#VRML_SIM R2025a utf8\n{body}");
    let mut scene = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
    let mut warnings = Vec::new();
    let physics = Physics::build(&mut scene, &mut warnings).expect("a world with physics");
    (scene, physics, warnings)
}

fn def(scene: &Scene, name: &str) -> NodeId {
    scene.find_def(name).unwrap_or_else(|| panic!("no DEF {name}"))
}

fn position(scene: &Scene, node: NodeId) -> Vector3<f64> {
    scene.global_pose(node).translation.vector
}

fn joint_position(scene: &Scene, params: NodeId) -> f64 {
    scene.sf_float(params, "position")
}

#[test]
fn a_box_dropped_from_one_metre_lands_after_sqrt_2h_over_g_within_a_step() {
    let (mut scene, mut physics, w) = world(
        "WorldInfo { basicTimeStep 4 }\n\
         Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
         DEF BOX Solid { translation 0 0 1.05 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } }",
    );
    assert!(w.is_empty(), "{w:?}");
    let b = def(&scene, "BOX");
    let dt = physics.dt();
    let expected = (2.0 * 1.0 / G).sqrt();
    let mut landed = None;
    for k in 1..400 {
        physics.step(&mut scene);
        // the first step that ends with the box's bottom on the floor (within a millimetre)
        if position(&scene, b).z - 0.05 < 1e-3 {
            landed = Some(k as f64 * dt);
            break;
        }
    }
    let landed = landed.expect("the box lands");
    assert!((landed - expected).abs() <= dt + 1e-9, "landed at {landed} s, expected {expected} s");
}

#[test]
fn a_free_body_follows_the_parabola() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 8 }\n\
         DEF BALL Solid { translation 0 0 10 boundingObject Sphere { radius 0.1 } physics Physics { } \
           linearVelocity 1 0 5 }",
    );
    let b = def(&scene, "BALL");
    let steps = 125; // one second
    for _ in 0..steps {
        physics.step(&mut scene);
    }
    let t = steps as f64 * physics.dt();
    let p = position(&scene, b);
    assert!((p.x - 1.0 * t).abs() < 1e-9, "{p}");
    // semi-implicit Euler over the engine's substeps: within g·dt·t/2 of the parabola
    let exact = 10.0 + 5.0 * t - 0.5 * G * t * t;
    assert!((p.z - exact).abs() < G * physics.dt() * t / 2.0, "z {} against {exact}", p.z);
}

#[test]
fn a_pendulum_swings_with_the_period_of_a_physical_pendulum() {
    // a 1 m massless-rod pendulum: a sphere of radius 0.05 hinged about y at the origin, 0.1 rad out
    let (l, r, theta): (f64, f64, f64) = (1.0, 0.05, 0.1);
    let (x, z) = (-l * theta.sin(), -l * theta.cos());
    // hinged away from the origin, in a turned frame: the anchor is where the robot's frame puts it
    let (mut scene, mut physics, w) = world(&format!(
        "WorldInfo {{ basicTimeStep 2 physicsDisableTime 0 }}\n\
         Robot {{ translation 3 -2 1 rotation 0 0 1 0.7 children [ HingeJoint {{ jointParameters DEF P HingeJointParameters {{ axis 0 1 0 position {theta} }} \
           endPoint DEF BOB Solid {{ translation {x} 0 {z} rotation 0 1 0 {theta} \
             boundingObject Sphere {{ radius {r} }} physics Physics {{ }} }} }} ] }}"
    ));
    assert!(w.is_empty(), "{w:?}");
    let (p, bob) = (def(&scene, "P"), def(&scene, "BOB"));
    let anchor = Vector3::new(3.0, -2.0, 1.0);
    let dt = physics.dt();
    // period of a physical pendulum for small angles: 2π·sqrt(I / (m g L)), I = m L² + 2/5 m r²
    let expected = 2.0 * PI * ((l * l + 0.4 * r * r) / (G * l)).sqrt();
    let mut crossings = Vec::new();
    let mut previous = joint_position(&scene, p);
    for k in 1..((4.0 * expected / dt) as usize) {
        physics.step(&mut scene);
        let now = joint_position(&scene, p);
        let rod = (position(&scene, bob) - anchor).norm();
        assert!((rod - l).abs() < 1e-3, "the rod stretched to {rod}");
        if previous > 0.0 && now <= 0.0 {
            // interpolate the downward zero crossing
            crossings.push((k as f64 - 1.0 + previous / (previous - now)) * dt);
        }
        previous = now;
    }
    assert!(crossings.len() >= 3, "{crossings:?}");
    let period = (crossings[crossings.len() - 1] - crossings[0]) / (crossings.len() - 1) as f64;
    assert!((period - expected).abs() / expected < 0.02, "period {period} s, expected {expected} s");
    assert!(previous.abs() <= theta * 1.01, "the amplitude stays (no damping): {previous}");
}

/// A box resting on a slope of `angle` radians whose surface has Coulomb friction `mu`; returns how far
/// it slid down in `seconds`.
fn slide(angle: f64, mu: f64, seconds: f64) -> f64 {
    let (s, c) = (angle.sin(), angle.cos());
    // the slope: a 20 m plank through the origin, turned about y; the box sits on it near its top
    let (bx, bz) = (8.0 * c - 0.05 * s, 8.0 * s + 0.05 * c);
    let (mut scene, mut physics, w) = world(&format!(
        "WorldInfo {{ basicTimeStep 4 physicsDisableTime 0 contactProperties [ \
           ContactProperties {{ material1 \"slope\" material2 \"crate\" coulombFriction {mu} bounce 0 }} ] }}\n\
         Solid {{ rotation 0 1 0 {a} contactMaterial \"slope\" boundingObject Pose {{ translation 0 0 -0.05 children [ Box {{ size 20 1 0.1 }} ] }} }}\n\
         DEF CRATE Solid {{ translation {bx} 0 {bz} rotation 0 1 0 {a} contactMaterial \"crate\" \
           boundingObject Box {{ size 0.1 0.1 0.1 }} physics Physics {{ }} }}",
        a = -angle
    ));
    assert!(w.is_empty(), "{w:?}");
    let b = def(&scene, "CRATE");
    let start = position(&scene, b);
    // let it settle on the slope first
    for _ in 0..(seconds / physics.dt()) as usize {
        physics.step(&mut scene);
    }
    (position(&scene, b) - start).norm()
}

#[test]
fn a_box_on_a_slope_slides_or_sticks_as_coulomb_friction_says() {
    let angle = 30f64.to_radians();
    // sticks: tan 30° = 0.577 < 0.8
    assert!(slide(angle, 0.8, 2.0) < 0.005, "should stick");
    // slides with a = g (sin θ - μ cos θ): ½ a t² in 1 s
    let mu = 0.2;
    let expected = 0.5 * G * (angle.sin() - mu * angle.cos());
    let slid = slide(angle, mu, 1.0);
    assert!((slid - expected).abs() / expected < 0.1, "slid {slid} m, expected {expected} m");
}

#[test]
fn a_body_at_rest_on_a_floor_stays_there_for_a_minute() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 16 physicsDisableTime 0 }\n\
         Solid { boundingObject Plane { size 10 10 } }\n\
         DEF BOX Solid { translation 0.3 -0.2 0.05 rotation 0 0 1 0.4 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } }",
    );
    let b = def(&scene, "BOX");
    for _ in 0..63 {
        physics.step(&mut scene);
    }
    let settled = scene.global_pose(b);
    for _ in 0..(60.0 / physics.dt()) as usize {
        physics.step(&mut scene);
    }
    let end = scene.global_pose(b);
    let drift = (end.translation.vector - settled.translation.vector).norm();
    assert!(drift < 1e-4, "drifted {drift} m");
    assert!(end.rotation.angle_to(&settled.rotation) < 1e-4);
    assert!((end.translation.z - 0.05).abs() < 2e-3, "sank or floats: {}", end.translation.z);
}

#[test]
fn a_joint_spring_oscillates_at_sqrt_k_over_i() {
    // a slider with a spring, no gravity: x'' = -k/m x, period 2π sqrt(m/k)
    let (k, m): (f64, f64) = (40.0, 0.5);
    let (mut scene, mut physics, _) = world(&format!(
        "WorldInfo {{ basicTimeStep 2 gravity 0 physicsDisableTime 0 }}\n\
         Robot {{ children [ SliderJoint {{ jointParameters DEF P JointParameters {{ axis 1 0 0 position 0.1 springConstant {k} }} \
           endPoint Solid {{ translation 0.1 0 0 boundingObject Sphere {{ radius 0.05 }} physics Physics {{ density -1 mass {m} }} }} }} ] }}"
    ));
    let p = def(&scene, "P");
    let expected = 2.0 * PI * (m / k).sqrt();
    let dt = physics.dt();
    let mut crossings = Vec::new();
    let mut previous = joint_position(&scene, p);
    for step in 1..((3.0 * expected / dt) as usize) {
        physics.step(&mut scene);
        let now = joint_position(&scene, p);
        if previous > 0.0 && now <= 0.0 {
            crossings.push((step as f64 - 1.0 + previous / (previous - now)) * dt);
        }
        previous = now;
    }
    assert!(crossings.len() >= 2, "{crossings:?}");
    let period = (crossings[crossings.len() - 1] - crossings[0]) / (crossings.len() - 1) as f64;
    assert!((period - expected).abs() / expected < 0.02, "period {period}, expected {expected}");
}

#[test]
fn hinge_stops_hold_the_swing() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 4 }\n\
         Robot { children [ HingeJoint { jointParameters DEF P HingeJointParameters { axis 0 1 0 minStop -0.3 maxStop 0.3 } \
           endPoint Solid { translation 0.5 0 0 boundingObject Sphere { radius 0.05 } physics Physics { } } } ] }",
    );
    let p = def(&scene, "P");
    let mut lowest: f64 = 0.0;
    for _ in 0..500 {
        physics.step(&mut scene);
        lowest = lowest.max(joint_position(&scene, p).abs());
    }
    // horizontal arm falling about y: it would swing to π/2, the stop holds it near 0.3
    assert!(lowest > 0.25 && lowest < 0.36, "{lowest}");
}

#[test]
fn two_runs_are_bit_identical() {
    let text = "WorldInfo { basicTimeStep 8 }\n\
         Solid { boundingObject Plane { } }\n\
         DEF A Solid { translation 0 0 0.5 rotation 1 1 0 0.3 boundingObject Box { size 0.1 0.2 0.1 } physics Physics { } }\n\
         DEF B Solid { translation 0.03 0.02 0.8 boundingObject Capsule { height 0.1 radius 0.04 } physics Physics { } }\n\
         Robot { children [ HingeJoint { jointParameters HingeJointParameters { axis 0 1 0 } \
           endPoint Solid { translation 0.3 0 0.3 boundingObject Cylinder { height 0.05 radius 0.1 } physics Physics { } } } ] }";
    let run = || {
        let (mut scene, mut physics, _) = world(text);
        for _ in 0..300 {
            physics.step(&mut scene);
        }
        scene.preorder().into_iter().map(|n| scene.node(n).unwrap().fields.clone()).collect::<Vec<_>>()
    };
    let (a, b) = (run(), run());
    assert!(a == b, "two runs differ");
    // and something did move
    let (scene, _, _) = world(text);
    let start: Vec<_> = scene.preorder().into_iter().map(|n| scene.node(n).unwrap().fields.clone()).collect();
    assert!(a != start);
}

#[test]
fn the_supervisor_force_and_velocity_give_the_momentum_they_should() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 10 gravity 0 }\n\
         DEF B Solid { boundingObject Box { size 0.1 0.1 0.1 } physics Physics { density -1 mass 2 } }",
    );
    let b = def(&scene, "B");
    // a 4 N force for one step of 10 ms: Δv = F·dt/m = 0.02 m/s, then the body coasts
    physics.add_force(&scene, b, Vector3::new(4.0, 0.0, 0.0), None).unwrap();
    physics.step(&mut scene);
    physics.step(&mut scene);
    let v = physics.body_velocity(b).unwrap();
    assert!((v[0] - 0.02).abs() < 1e-12, "{v:?}");
    // a torque about z on a cube: Δω = τ·dt / I, I = m a² / 6
    physics.add_torque(&scene, b, Vector3::new(0.0, 0.0, 0.3)).unwrap();
    physics.step(&mut scene);
    let v = physics.body_velocity(b).unwrap();
    let inertia = 2.0 * 0.01 / 6.0;
    assert!((v[5] - 0.3 * 0.01 / inertia).abs() < 1e-9, "{v:?}");
    assert!(physics.set_body_velocity(b, [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]));
    let y0 = position(&scene, b).y;
    for _ in 0..100 {
        physics.step(&mut scene);
    }
    assert!((position(&scene, b).y - y0 - 1.0).abs() < 1e-9);
    // the centre of mass of a lone box is its centre
    let com = physics.center_of_mass(&scene, b).unwrap();
    assert!((com - Point3::from(position(&scene, b))).norm() < 1e-12);
}

#[test]
fn a_robot_body_merges_its_children_and_contacts_are_listed() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 8 }\n\
         Solid { boundingObject Plane { } }\n\
         DEF R Robot { translation 0 0 0.05 boundingObject Box { size 0.2 0.2 0.1 } physics Physics { density -1 mass 1 } children [ \
           DEF ARM Solid { translation 0.5 0 0 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { density -1 mass 1 } } ] }",
    );
    let r = def(&scene, "R");
    for _ in 0..200 {
        physics.step(&mut scene);
    }
    // one rigid body: the arm at 0.5 m with the same mass as the base tips it over to the arm's side,
    // with a centre of mass half-way
    let com = physics.center_of_mass(&scene, r).unwrap();
    let base = position(&scene, r);
    assert!(
        (com.x - base.x - 0.25 * scene.global_pose(r).rotation.to_rotation_matrix()[(0, 0)]).abs() < 0.02,
        "{com} {base}"
    );
    let points = physics.contact_points(&scene, r, true);
    assert!(!points.is_empty());
    assert!(points.iter().all(|c| c.point[2].abs() < 0.01), "{points:?}");
    assert!(physics.contact_points(&scene, r, false).iter().all(|c| c.solid == r));
    assert_eq!(scene.field(r, "translation").map(|v| matches!(v, FieldValue::SFVec3f(_))), Some(true));
}

/// A 0.3 m, 0.3 kg arm hinged at its end about -y (positive lifts it), under a velocity drive set every
/// step by `law` from the joint position; returns the position after `steps` 8 ms steps.
fn driven_arm(gravity: f64, steps: usize, law: impl Fn(f64) -> f64) -> f64 {
    let (mut scene, mut physics, _) = world(&format!(
        "WorldInfo {{ basicTimeStep 8 gravity {gravity} }}\n\
         DEF J HingeJoint {{ jointParameters DEF P HingeJointParameters {{ axis 0 -1 0 anchor 0 0 1 }} \
           endPoint Solid {{ translation 0 0 1 children [ Pose {{ translation 0.15 0 0 children [ Shape {{ geometry DEF B Box {{ size 0.3 0.03 0.03 }} }} ] }} ] \
           boundingObject Pose {{ translation 0.15 0 0 children [ USE B ] }} physics Physics {{ density -1 mass 0.3 }} }} }}",
    ));
    let (joint, params) = (def(&scene, "J"), def(&scene, "P"));
    for _ in 0..steps {
        let q = joint_position(&scene, params);
        physics.set_drive(joint, 0, super::Drive::Velocity { velocity: law(q), max_force: 10.0 }, false);
        physics.step(&mut scene);
    }
    joint_position(&scene, params)
}

#[test]
fn a_velocity_motor_turns_at_its_velocity_and_holds_a_load_where_it_is_told() {
    // unloaded: 1 rad/s for one second
    let turned = driven_arm(0.0, 125, |_| 1.0);
    assert!((turned - 1.0).abs() < 1e-5, "turned {turned} rad");
    // Webots' position law (P = 10, at most 2 rad/s) holding the arm against m g L/2 cos 0.5 = 0.39 N m,
    // far below the 10 N m cap: it stops at the target, as an exact motor does
    let held = driven_arm(G, 300, |q| (10.0 * (0.5 - q)).clamp(-2.0, 2.0));
    assert!((held - 0.5).abs() < 1e-5, "held at {held} rad");
}

/// A two-link arm under gravity (links 0.3 m, 0.3 kg and 0.25 m, 0.2 kg, hinged about -y so that
/// positive angles lift them), driven to joint targets by Webots' position law (P = 10, at most 2 rad/s)
/// on both joints at once: it settles on the targets, each motor holding the static torque of what it
/// carries.
#[test]
fn two_motors_in_a_chain_reach_their_targets_and_hold_the_static_torques() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 8 }\n\
         DEF S HingeJoint { jointParameters DEF SP HingeJointParameters { axis 0 -1 0 anchor 0 0 0.1 } \
           device [ RotationalMotor { } ] endPoint Solid { translation 0 0 0.1 children [ \
             DEF E HingeJoint { jointParameters DEF EP HingeJointParameters { axis 0 -1 0 anchor 0.3 0 0 } \
               device [ RotationalMotor { } ] endPoint Solid { translation 0.3 0 0 boundingObject Pose { translation 0.125 0 0 children [ \
                 Box { size 0.25 0.025 0.025 } ] } physics Physics { density -1 mass 0.2 } } } ] \
           boundingObject Pose { translation 0.15 0 0 children [ Box { size 0.3 0.03 0.03 } ] } \
           physics Physics { density -1 mass 0.3 } } }",
    );
    let (s, e, sp, ep) = (def(&scene, "S"), def(&scene, "E"), def(&scene, "SP"), def(&scene, "EP"));
    let (ts, te) = (1.046, -1.085);
    let law = |target: f64, q: f64| (10.0 * (target - q)).clamp(-2.0, 2.0);
    for _ in 0..400 {
        let (qs, qe) = (joint_position(&scene, sp), joint_position(&scene, ep));
        physics.set_drive(s, 0, super::Drive::Velocity { velocity: law(ts, qs), max_force: 10.0 }, false);
        physics.set_drive(e, 0, super::Drive::Velocity { velocity: law(te, qe), max_force: 5.0 }, false);
        physics.step(&mut scene);
    }
    let (qs, qe) = (joint_position(&scene, sp), joint_position(&scene, ep));
    assert!((qs - ts).abs() < 1e-6 && (qe - te).abs() < 1e-6, "settled at {qs}, {qe}");
    let elbow = G * 0.2 * 0.125 * (ts + te).cos();
    let shoulder = G * (0.3 * 0.15 * ts.cos() + 0.2 * (0.3 * ts.cos() + 0.125 * (ts + te).cos()));
    let (fs, fe) = (physics.joint_feedback(s, 0).unwrap(), physics.joint_feedback(e, 0).unwrap());
    assert!((fs - shoulder).abs() < 0.005 * shoulder, "shoulder {fs} N·m, statics {shoulder}");
    assert!((fe - elbow).abs() < 0.005 * elbow, "elbow {fe} N·m, statics {elbow}");
}

/// How high a ball of `mass` kg (radius 5 cm) dropped from 1 m climbs after its first rebound.
fn rebound_height(mass: f64) -> f64 {
    let (mut scene, mut physics, _) = world(&format!(
        "WorldInfo {{ basicTimeStep 16 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         DEF BALL Solid {{ translation 0 0 1.05 boundingObject Sphere {{ radius 0.05 }} \
         physics Physics {{ density -1 mass {mass} }} }}"
    ));
    let b = def(&scene, "BALL");
    let (mut fell, mut peak) = (false, 0.0f64);
    // 1.6 s: the fall (0.45 s) and the first rebound's climb (under 0.23 s), then lower rebounds
    for _ in 0..100 {
        physics.step(&mut scene);
        let z = position(&scene, b).z - 0.05;
        if z < 0.01 {
            fell = true;
        } else if fell {
            peak = peak.max(z);
        }
    }
    assert!(fell, "the ball never reached the floor");
    peak
}

#[test]
fn a_ball_dropped_on_the_floor_rebounds_as_odes_soft_bounce_lets_it() {
    // Webots' default surface: bounce 0.5 above 0.01 m/s, softCFM 0.001. ODE's contact row aims at 0.5 of
    // the approach speed but gives way through its CFM: it leaves at (κ·0.5 − 1) / (1 + κ) of it, κ = h /
    // (m · CFM) (ODE's manual, soft constraints), and a rebound at e·v climbs e²·h
    for (mass, climb) in [(0.2, 0.06f64), (1.0, 0.06), (3.0, 0.06)] {
        let kappa = 0.016 / (mass * 0.001);
        let e = (0.5 * kappa - 1.0) / (1.0 + kappa);
        let peak = rebound_height(mass);
        assert!((peak - e * e).abs() < e * e * climb, "{mass} kg rebounded to {peak} m, e²·h = {} m", e * e);
    }
}

#[test]
fn a_body_whose_state_becomes_non_finite_is_stopped_where_it_was_and_named_once() {
    let (mut scene, mut physics, _) = world(
        "WorldInfo { basicTimeStep 16 }\n\
         DEF RUNAWAY Solid { translation 0 0 1 boundingObject Sphere { radius 0.1 } physics Physics { } }\n\
         DEF CALM Solid { translation 1 0 1 boundingObject Sphere { radius 0.1 } physics Physics { } }",
    );
    let (runaway, calm) = (def(&scene, "RUNAWAY"), def(&scene, "CALM"));
    let mut named = Vec::new();
    for step in 0..5 {
        if step == 2 {
            // what an overflow in the solver leaves behind
            let handle = physics.bodies.iter().find(|b| b.solid == runaway).unwrap().handle;
            let rb = physics.engine.bodies.get_mut(handle).unwrap();
            rb.set_linvel(rapier3d_f64::prelude::Vector::new(f64::NAN, 0.0, f64::INFINITY), true);
        }
        physics.step(&mut scene);
        named.extend(physics.take_diverged());
    }
    assert_eq!(named, vec![runaway]);
    let p = position(&scene, runaway);
    assert!(p.iter().all(|v| v.is_finite()), "{p:?}");
    assert!(p.z < 1.0 && p.z > 0.9, "stopped where the scene last saw it: {p:?}");
    assert!(physics.velocity_at(&scene, runaway, &Point3::origin()).unwrap().iter().all(|v| *v == 0.0));
    assert!(position(&scene, calm).z < p.z, "the others go on");
}
