//! Webots' `tests/api` worlds `supervisor_set_hinge_position_kinematic` and `..._dynamic`, rebuilt
//! with a scene of our own: a supervisor robot writes the translations of its own joints' endPoints and
//! of two of its bumpers before the first step, then drives two chained sliders into the bumpers
//! (selfCollision TRUE). Kinematic (no Physics anywhere) and dynamic (every Solid with Physics, and a
//! Muscle on the first motor, which must load) alike. Expected values come from the boxes' sizes.

mod common;

use common::{Project, RunOutput};

/// The robot on a floor: a 1 m long base slab (its top 5 cm above the robot's origin); slider m1
/// (along x) carries S1, a 0.3 × 0.1 × 0.1 box, and S1's slider m2 carries S2, the same box; bumpers TS1
/// and TS2 are 0.1 m cubes. Everything starts where nothing touches and where, without the supervisor's
/// writes, the sliders' travel could not bring the boxes onto the bumpers. Dynamic, the robot weighs
/// 30 kg on a floor that holds it; kinematic, nothing has Physics.
fn world(dynamic: bool) -> String {
    let physics = if dynamic { "physics Physics { density -1 mass 1 }" } else { "" };
    let robot_physics = if dynamic { "physics Physics { }" } else { "" };
    // m1 pushes harder than m2 (10 N, the default): pressed against its bumper, S1 holds m2's reaction;
    // both slide at 0.2 m/s at most, so S1 meets TS1 gently and S2 does not run on along S1
    let m1_extra = if dynamic { "maxForce 20 muscles [ Muscle { } ]" } else { "maxForce 20" };
    let bar = "Shape { geometry Box { size 0.3 0.1 0.1 } }";
    let slab = "Shape { geometry Box { size 1 0.3 0.1 } }";
    let cube = "Shape { geometry Box { size 0.1 0.1 0.1 } }";
    let slider = |motor: &str, extra: &str, end: &str| {
        format!(
            "SliderJoint {{ jointParameters JointParameters {{ axis 1 0 0 }} \
             device [ LinearMotor {{ name \"{motor}\" minPosition -0.3 maxPosition 0.3 maxVelocity 0.2 {extra} }} ] \
             endPoint {end} }}"
        )
    };
    let s2 = format!(
        "DEF S2 Solid {{ translation 0.3 0 0.15 children [ {bar} ] boundingObject {bar} {physics} name \"s2\" }}"
    );
    let s1 = format!(
        "DEF S1 Solid {{ translation 0.3 0 0.15 children [ {bar} {} ] boundingObject {bar} {physics} name \"s1\" }}",
        slider("m2", "", &s2)
    );
    let bumper = |def: &str, name: &str, at: &str| {
        format!("DEF {def} TouchSensor {{ translation {at} name \"{name}\" children [ {cube} ] boundingObject {cube} {physics} }}")
    };
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n\
         Solid {{ translation 0 0 -0.05 name \"floor\" boundingObject Box {{ size 4 4 0.1 }} }}\n\
         Robot {{ translation 0 0 0.05 name \"rig\" supervisor TRUE selfCollision TRUE controller \"endpoint_touch\" \
         children [ {slab} {} {} {} ] boundingObject {slab} {robot_physics} }}\n",
        slider("m1", m1_extra, &s1),
        bumper("TS1", "ts1", "-0.6 0 0.15"),
        bumper("TS2", "ts2", "-0.6 0 0.3"),
    )
}

/// `phase ts1 ts2 s1x s2x` from the controller's line for `phase`.
fn phase(out: &RunOutput, name: &str) -> [f64; 4] {
    let line = out
        .stdout
        .lines()
        .find_map(|l| l.split_once("] ").map(|(_, rest)| rest).filter(|r| r.starts_with(&format!("{name} "))))
        .unwrap_or_else(|| panic!("no '{name}' line in\n{}\n{}", out.stdout, out.stderr));
    let v: Vec<f64> = line[name.len()..].split_whitespace().map(|w| w.parse().unwrap()).collect();
    [v[0], v[1], v[2], v[3]]
}

fn run(dynamic: bool) -> RunOutput {
    let p = Project::new();
    p.controller("endpoint_touch", "endpoint_touch");
    p.world("endpoints.wbt", &world(dynamic));
    let out = p.run("endpoints.wbt", &[]);
    assert!(out.status.success(), "run failed\n{}\n{}", out.stdout, out.stderr);
    out
}

fn near(got: f64, expected: f64, tolerance: f64, what: &str, out: &RunOutput) {
    assert!((got - expected).abs() < tolerance, "{what}: {got}, expected {expected}\n{}", out.stdout);
}

#[test]
fn a_supervisor_moves_joint_end_points_and_bumpers_and_kinematic_sliders_then_press_the_bumpers() {
    let out = run(false);
    // written back: S1's bar spans x -0.15..0.15 (TS1 at -0.35..-0.25), S2 the same (TS2 -0.45..-0.35)
    let [t1, t2, s1, s2] = phase(&out, "moved");
    assert_eq!((t1, t2), (0.0, 0.0), "{}", out.stdout);
    near(s1, 0.0, 1e-9, "S1 after the write", &out);
    near(s2, 0.0, 1e-9, "S2 after the write", &out);
    // m1 at -0.15: S1 spans -0.3..0, 5 cm into TS1; S2, carried along, spans -0.3..0, 5 cm short of TS2
    let [t1, t2, s1, s2] = phase(&out, "m1");
    assert_eq!((t1, t2), (1.0, 0.0), "{}", out.stdout);
    near(s1, -0.15, 1e-6, "S1 after m1", &out);
    near(s2, -0.15, 1e-6, "S2 after m1", &out);
    // m2 at -0.15 too: S2 spans -0.45..-0.15, 10 cm into TS2
    let [t1, t2, s1, s2] = phase(&out, "m2");
    assert_eq!((t1, t2), (1.0, 1.0), "{}", out.stdout);
    near(s1, -0.15, 1e-6, "S1 after m2", &out);
    near(s2, -0.3, 1e-6, "S2 after m2", &out);
}

#[test]
fn a_supervisor_moves_joint_end_points_and_bumpers_and_dynamic_sliders_stop_against_the_bumpers() {
    let out = run(true);
    let [t1, t2, s1, s2] = phase(&out, "moved");
    assert_eq!((t1, t2), (0.0, 0.0), "{}", out.stdout);
    near(s1, 0.0, 1e-3, "S1 after the write", &out);
    near(s2, 0.0, 1e-3, "S2 after the write", &out);
    // m1 pushes S1 until its bar's end meets TS1's face at -0.25: S1's centre at -0.1, pressing it
    let [t1, t2, s1, s2] = phase(&out, "m1");
    assert_eq!((t1, t2), (1.0, 0.0), "{}", out.stdout);
    near(s1, -0.1, 0.01, "S1 against TS1", &out);
    near(s2, -0.1, 0.01, "S2 carried by S1", &out);
    // m2 pushes S2 until it meets TS2's face at -0.35: S2's centre at -0.2
    let [t1, t2, s1, s2] = phase(&out, "m2");
    assert_eq!((t1, t2), (1.0, 1.0), "{}", out.stdout);
    near(s1, -0.1, 0.01, "S1 against TS1", &out);
    near(s2, -0.2, 0.01, "S2 against TS2", &out);
}
