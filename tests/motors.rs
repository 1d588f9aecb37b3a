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
/// the positions after each of `steps` steps of `dt` s from `start`, in position control toward
/// `target` (acceleration -1: unlimited).
fn control_law(
    start: f64,
    target: f64,
    pid: [f64; 3],
    max_velocity: f64,
    acceleration: f64,
    dt: f64,
    steps: usize,
) -> Vec<f64> {
    let (mut position, mut integral, mut previous, mut velocity) = (start, 0.0, 0.0, 0.0_f64);
    let mut out = Vec::with_capacity(steps);
    for _ in 0..steps {
        let e = target - position;
        integral += e * dt;
        let u = pid[0] * e + pid[1] * integral + pid[2] * (e - previous) / dt;
        previous = e;
        let wanted = u.clamp(-max_velocity, max_velocity);
        velocity = if acceleration < 0.0 {
            wanted
        } else {
            velocity + (wanted - velocity).clamp(-acceleration * dt, acceleration * dt)
        };
        position += velocity * dt;
        out.push(position);
    }
    out
}

/// One line of a `motor_trace` robot: time (ms), position, force or torque feedback.
struct Sample {
    t: f64,
    p: f64,
    fb: f64,
}

fn trace(out: &RunOutput, robot: &str) -> Vec<Sample> {
    let samples: Vec<Sample> = out
        .robot_lines(robot)
        .iter()
        .filter_map(|l| {
            let mut it = l.split_whitespace().map(|f| f.split_once('=').expect("k=v").1.parse::<f64>().unwrap());
            Some(Sample { t: it.next()?, p: it.next()?, fb: it.next()? })
        })
        .collect();
    assert!(!samples.is_empty(), "{robot} printed no trace:\n{}\n{}", out.stdout, out.stderr);
    samples
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
    let law = control_law(0.0, 1.51, [15.0, 5.0, 1.0], 20.0, 5.0, 0.032, 21)[20];
    assert!((law - 1.18272).abs() < 1e-9, "the law alone gives {law}");
    assert!((position - law).abs() < 1e-3, "position {position}, the control law gives {law}");
    // still ramping at 5 rad/s² after 21 steps: the torque is I·α
    let torque = value(&out, "robot", "torque");
    let expected = inertia * 5.0;
    assert!((torque - expected).abs() < 0.05 * expected, "torque feedback {torque}, I·α = {expected}");
}

/// A robot whose base is welded to the world, carrying a 1 kg arm (a 0.4 × 0.02 × 0.02 m box from the
/// hinge outwards along x) on a hinge about `axis`, driven by `motor_trace` with `args`.
fn arm_robot(name: &str, x: f64, axis: &str, motor: &str, args: &str) -> String {
    format!(
        "Robot {{ name \"{name}\" translation {x} 0 1 controller \"motor_trace\" controllerArgs [ {args} ] children [ \
           Solid {{ name \"base\" boundingObject Box {{ size 0.05 0.05 0.05 }} physics Physics {{ density -1 mass 5 }} \
           children [ HingeJoint {{ jointParameters HingeJointParameters {{ axis {axis} }} \
             device [ RotationalMotor {{ {motor} }} PositionSensor {{ }} ] \
             endPoint Solid {{ boundingObject Pose {{ translation 0.2 0 0 children [ Box {{ size 0.4 0.02 0.02 }} ] }} \
               physics Physics {{ density -1 mass 1 }} }} }} ] }} ] }}\n"
    )
}

#[test]
fn a_motor_reaches_its_target_as_fast_as_max_velocity_allows_and_holds_a_load_below_max_torque() {
    let (dt, g, mass, d) = (0.016, 9.81, 1.0, 0.2);
    let load = mass * g * d;
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n{}{}{}",
        // vertical axis: no load, 1 rad at 1 rad/s
        arm_robot("reacher", 0.0, "0 0 1", "maxVelocity 1", "\"position\" \"1\" \"120\""),
        // horizontal axis: the arm's weight pulls toward increasing position
        arm_robot("holder", 2.0, "0 1 0", "maxTorque 5", "\"position\" \"0\" \"150\""),
        arm_robot("weak", 4.0, "0 1 0", "maxTorque 1", "\"position\" \"0\" \"60\""),
    );
    let out = run(&world, &["motor_trace"], &[]);
    ok(&out);

    let reach = trace(&out, "reacher");
    let law = control_law(0.0, 1.0, [10.0, 0.0, 0.0], 1.0, -1.0, dt, reach.len());
    for (s, l) in reach.iter().zip(&law) {
        assert!(s.p <= s.t / 1000.0 * 1.0 + 1e-3, "faster than maxVelocity at t={}: {}", s.t, s.p);
        assert!((s.p - l).abs() < 2e-3, "t={}: position {}, the control law gives {l}", s.t, s.p);
    }
    let arrival = |ps: Vec<(f64, f64)>| ps.into_iter().find(|(_, p)| (1.0 - p).abs() < 0.01).map(|(t, _)| t);
    let reached = arrival(reach.iter().map(|s| (s.t, s.p)).collect()).expect("the target is reached");
    let expected = arrival(law.iter().enumerate().map(|(k, p)| ((k + 1) as f64 * 16.0, *p)).collect()).unwrap();
    // at 1 rad/s most of the way, then the P term's exponential tail
    assert!((reached - expected).abs() <= 16.0, "reached at {reached} ms, the law at {expected} ms");
    assert!((expected - (900.0 + 100.0 * 10f64.ln())).abs() < 40.0, "{expected}");
    assert!((reach.last().unwrap().p - 1.0).abs() < 1e-3);

    let hold = trace(&out, "holder");
    let worst = hold.iter().map(|s| s.p.abs()).fold(0.0, f64::max);
    assert!(worst < 1e-3, "the arm sagged by {worst} rad");
    let last = hold.last().unwrap();
    assert!(last.p.abs() < 1e-3, "held at {}", last.p);
    // the motor holds the weight's moment: m g d, against increasing position
    assert!((last.fb + load).abs() < 0.01 * load, "holding torque {}, m·g·d = {load}", last.fb);

    let weak = trace(&out, "weak");
    assert!(weak.last().unwrap().p > 1.0, "a 1 N·m motor held a {load} N·m load: {}", weak.last().unwrap().p);
    for s in &weak[..10] {
        assert!((s.fb + 1.0).abs() < 0.05, "t={}: the weak motor pushes with {} N·m, its maximum is 1", s.t, s.fb);
    }
}
