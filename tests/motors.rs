//! Motors, position sensors and brakes as a Webots user meets them: C controllers in small worlds run
//! through the runner, their numbers checked against mechanics worked out here (inertias of the shapes
//! the worlds use, Webots' control law stepped by hand), never against values read back from our code.

mod common;

use common::{Project, RunOutput};

fn ok(out: &RunOutput) {
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
}

/// Runs `world` with the C controllers `controllers` (each built from tests/c/NAME.c).
fn run(world: &str, controllers: &[&str], args: &[&str]) -> RunOutput {
    let p = Project::new();
    for c in controllers {
        p.controller(c, c);
    }
    p.world("w.wbt", world);
    p.run("w.wbt", args)
}

/// The number a robot printed after `key ` on its first line starting with it.
fn value(out: &RunOutput, robot: &str, key: &str) -> f64 {
    let prefix = format!("{key} ");
    let line = out
        .robot_lines(robot)
        .into_iter()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("{robot} printed no {key:?}:\n{}\n{}", out.stdout, out.stderr));
    line[prefix.len()..].trim().parse().unwrap_or_else(|_| panic!("not a number: {line}"))
}

/// Webots' control law (spec motion §3.4) for a joint that follows its commanded velocity exactly:
/// the position after `steps` steps of `dt` s from `start`, in position control toward `target`.
fn control_law(
    start: f64,
    target: f64,
    pid: [f64; 3],
    max_velocity: f64,
    acceleration: f64,
    dt: f64,
    steps: usize,
) -> f64 {
    let (mut position, mut integral, mut previous, mut velocity) = (start, 0.0, 0.0, 0.0_f64);
    for _ in 0..steps {
        let e = target - position;
        integral += e * dt;
        let u = pid[0] * e + pid[1] * integral + pid[2] * (e - previous) / dt;
        previous = e;
        let wanted = u.clamp(-max_velocity, max_velocity);
        velocity += (wanted - velocity).clamp(-acceleration * dt, acceleration * dt);
        position += velocity * dt;
    }
    position
}

#[test]
fn webots_motor_scenario_ramps_to_the_reference_position_with_the_torque_its_inertia_needs() {
    // the arm: a 1 kg box 0.2 × 0.04 × 0.04 m whose centre is 0.1 m off the vertical hinge axis, on a
    // base welded to the world; gravity is along the axis and exerts no torque about it
    let (mass, a, b, d) = (1.0, 0.2, 0.04, 0.1);
    let inertia = mass * (a * a + b * b) / 12.0 + mass * d * d;
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ controller \"motor_webots\" children [ Solid {{ name \"base\" \
           boundingObject Box {{ size 0.1 0.1 0.05 }} physics Physics {{ density -1 mass 20 }} children [ \
           HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} \
             device [ RotationalMotor {{ acceleration 5 maxVelocity 20 minPosition -1.63 maxPosition 1.51 maxTorque 100 }} \
                      PositionSensor {{ }} ] \
             endPoint Solid {{ translation 0 0 0.1 \
               boundingObject Pose {{ translation {d} 0 0 children [ Box {{ size {a} {b} 0.04 }} ] }} \
               physics Physics {{ density -1 mass {mass} }} }} }} ] }} ] }}\n"
    );
    let out = run(&world, &["motor_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("motor scenario passed");
    let position = value(&out, "robot", "position");
    let law = control_law(0.0, 1.51, [15.0, 5.0, 1.0], 20.0, 5.0, 0.032, 21);
    assert!((law - 1.18272).abs() < 1e-9, "the law alone gives {law}");
    assert!((position - law).abs() < 1e-3, "position {position}, the control law gives {law}");
    // still ramping at 5 rad/s² after 21 steps: the torque is I·α
    let torque = value(&out, "robot", "torque");
    let expected = inertia * 5.0;
    assert!((torque - expected).abs() < 0.05 * expected, "torque feedback {torque}, I·α = {expected}");
}
