//! Numbers the physics engine cannot represent (README, Reliability): refused at load with the place
//! (non-finite literals), clamped or left out with a warning (sizes, masses, gravity, motor limits),
//! never a panic; a body whose state still becomes non-finite is stopped, named once with its step,
//! and fails the run.

mod common;

use common::{to_output, Project, RunOutput};

const HEADER: &str = "#VRML_SIM R2025a utf8\n";

/// A robot with one hinge and one motor running `motor_trace ARGS`, its body of `mass` kg.
fn arm(name: &str, x: f64, mass: &str, motor: &str, args: &str) -> String {
    format!(
        "Robot {{ name \"{name}\" translation {x} 0 1 controller \"motor_trace\" controllerArgs [ {args} ] children [ \
           HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} \
             device [ RotationalMotor {{ {motor} }} PositionSensor {{ }} ] \
             endPoint Solid {{ boundingObject Pose {{ translation 0.2 0 0 children [ Box {{ size 0.4 0.02 0.02 }} ] }} \
               physics Physics {{ density -1 mass 1 }} }} }} ] \
           boundingObject Box {{ size 0.05 0.05 0.05 }} physics Physics {{ density -1 mass {mass} }} }}\n"
    )
}

fn run(world: &str) -> RunOutput {
    let p = Project::new();
    p.controller("motor_trace", "motor_trace");
    p.world("w.wbt", world);
    p.run("w.wbt", &["--until", "0.32"])
}

fn no_panic(out: &RunOutput) {
    assert_ne!(out.status.code(), Some(101), "the runner panicked\n{}\n{}", out.stdout, out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn huge_bounding_objects_are_left_out_with_a_warning_never_a_panic() {
    let world = format!(
        "{HEADER}WorldInfo {{ basicTimeStep 16 }}\n\
         Solid {{ name \"huge\" boundingObject Cylinder {{ radius 1e308 height 0.1 }} }}\n\
         Solid {{ name \"big\" translation 0 0 -1 boundingObject Cylinder {{ radius 1e200 height 1 }} }}\n{}",
        arm("arm", 0.0, "5", "", "\"velocity\" \"1\" \"20\"")
    );
    let out = run(&world);
    no_panic(&out);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has(
        "Solid \"huge\": The Cylinder in 'boundingObject' reaches 1e+308 m from the Solid, beyond the physics \
         engine's bound of 1e+06 m: it is left out.",
    );
    out.assert_stderr_has("Solid \"big\": The Cylinder in 'boundingObject' reaches 1e+200 m");
    assert!(out.robot_lines("arm").len() >= 19);
}

#[test]
fn absurd_motor_limits_masses_and_gravity_are_clamped_with_warnings() {
    let world = format!(
        "{HEADER}WorldInfo {{ basicTimeStep 16 gravity 1e308 }}\n{}{}{}",
        arm("fast", 0.0, "5", "maxVelocity 1e308 maxTorque 1e308", "\"velocity\" \"1e308\" \"20\""),
        arm("heavy", 3.0, "1e308", "", "\"torque\" \"1e308\" \"20\""),
        arm("light", 6.0, "1e-320", "maxTorque 1e308", "\"velocity\" \"1\" \"20\""),
    );
    let out = run(&world);
    no_panic(&out);
    out.assert_stderr_has(
        "WorldInfo: Invalid 'gravity' changed to 10000. The value should be at most 10000 (the physics engine's bound).",
    );
    out.assert_stderr_has(
        "Invalid 'maxVelocity' changed to 1e+06. The value should be between 0 and 1e+06 (the physics engine's bounds).",
    );
    out.assert_stderr_has(
        "Invalid 'maxTorque' changed to 1e+09. The value should be between 0 and 1e+09 (the physics engine's bounds).",
    );
    out.assert_stderr_has("Invalid 'mass' changed to 1e+09.");
    out.assert_stderr_has("Invalid 'mass' changed to 1e-09.");
    for robot in ["fast", "heavy", "light"] {
        assert!(out.robot_lines(robot).len() >= 19, "{robot}\n{}\n{}", out.stdout, out.stderr);
    }
}

#[test]
fn a_number_beyond_the_largest_double_is_a_load_error_at_its_place() {
    for (field, text) in [
        ("translation", "translation 1e999 0 0.06"),
        ("gravity", "WorldInfo { gravity 1e999 }"),
        ("centerOfMass", "physics Physics { centerOfMass [ 0 -1e999 0 ] }"),
    ] {
        let world = if field == "gravity" {
            format!("{HEADER}{text}\n{}", arm("arm", 0.0, "5", "", "\"velocity\" \"1\" \"20\""))
        } else {
            format!("{HEADER}Robot {{ {text} controller \"motor_trace\" }}\n")
        };
        let out = run(&world);
        no_panic(&out);
        assert!(!out.status.success(), "{field}\n{}\n{}", out.stdout, out.stderr);
        out.assert_stderr_has("w.wbt:2:");
        out.assert_stderr_has("is out of range (beyond the largest double)");
    }
}

#[test]
fn a_body_whose_state_becomes_non_finite_is_stopped_named_once_with_its_step_and_fails_the_run() {
    let p = Project::new();
    p.controller("diverge_watch", "diverge_watch");
    p.world(
        "div.wbt",
        &format!(
            "{HEADER}WorldInfo {{ basicTimeStep 10 }}\n\
             DEF BALL Solid {{ name \"ball\" translation 0 0 100 boundingObject Sphere {{ radius 0.1 }} \
               physics Physics {{ density -1 mass 1 }} }}\n\
             Robot {{ name \"watch\" supervisor TRUE controller \"diverge_watch\" }}\n"
        ),
    );
    // no valid input makes a body diverge any more (the bounds above): the engine is handed a NaN
    // velocity on purpose before step 5
    let mut cmd = p.runner_command("div.wbt", &["--until", "0.2"]);
    cmd.env("WEBOTS_SHIM_TEST_NAN_AT", "5");
    let out = to_output(cmd.output().expect("the runner runs"), std::time::Duration::ZERO);
    no_panic(&out);
    // the ball falls in steps 1 to 4 and stays where step 4 left it; the watcher never reads NaN
    assert_eq!(out.robot_lines("watch"), ["stopped falling at step 5"], "{}", out.stderr);
    let said = "Solid \"ball\": its position or velocity became non-finite (NaN or infinite) in step 5 (t = 0.05 s): \
                it is stopped where it was";
    let warnings: Vec<&str> = out.stderr.lines().filter(|l| l.contains("became non-finite")).collect();
    assert_eq!(warnings[0], format!("webots-shim: warning: {said}"), "{}", out.stderr);
    // named once as it happens, and once more as the reason the run failed
    assert_eq!(warnings.len(), 2, "{}", out.stderr);
    out.assert_stderr_has(&format!("1 failed ('(world)' failed: {said})"));
    assert!(!out.status.success(), "a diverged body fails the run\n{}", out.stderr);
}
