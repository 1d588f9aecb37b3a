//! Motors, position sensors and brakes as a Webots user meets them: C controllers in small worlds run
//! through the runner, their numbers checked against mechanics worked out here (inertias of the shapes
//! the worlds use, Webots' control law stepped by hand), never against values read back from our code.

mod common;

use std::collections::HashMap;

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

/// The `key=value` lines a robot printed, in order.
fn records(out: &RunOutput, robot: &str) -> Vec<HashMap<String, f64>> {
    let lines: Vec<HashMap<String, f64>> = out
        .robot_lines(robot)
        .iter()
        .filter(|l| l.starts_with("t="))
        .map(|l| {
            l.split_whitespace()
                .map(|f| {
                    let (k, v) = f.split_once('=').expect("key=value");
                    (k.to_string(), v.parse::<f64>().unwrap_or(f64::NAN))
                })
                .collect()
        })
        .collect();
    assert!(!lines.is_empty(), "{robot} printed nothing:\n{}\n{}", out.stdout, out.stderr);
    lines
}

/// One line of a `motor_trace` robot: time (ms), position, force or torque feedback.
struct Sample {
    t: f64,
    p: f64,
    fb: f64,
}

fn trace(out: &RunOutput, robot: &str) -> Vec<Sample> {
    records(out, robot).iter().map(|r| Sample { t: r["t"], p: r["p"], fb: r["fb"] }).collect()
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

/// Wheel radius, axle length (between the wheels) of `two_wheeler`.
const RADIUS: f64 = 0.05;
const AXLE: f64 = 0.2;

/// A two-wheeled supervisor robot at (0, `y`) facing +x running `diff_drive` with `args`, its wheels
/// accelerating at 20 rad/s² (their traction can follow): a 0.5 kg body
/// whose centre of mass is ahead of the axle, resting on a frictionless caster, and two steel wheels
/// (1.2 kg each: the engine's contacts are soft in proportion to the touching body's mass, so light
/// wheels under a heavy body sink and roll on a smaller radius; see the report).
fn two_wheeler(name: &str, y: f64, args: &str) -> String {
    let wheel = |side: &str, at: f64| {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 {at} 0 }} \
               device [ RotationalMotor {{ name \"{side} wheel motor\" maxVelocity 20 acceleration 20 }} PositionSensor {{ }} ] \
               endPoint Solid {{ name \"{side} tyre\" translation 0 {at} 0 rotation 1 0 0 1.5707963267948966 \
                 boundingObject Cylinder {{ height 0.02 radius {RADIUS} }} physics Physics {{ density 7800 }} }} }}"
        )
    };
    format!(
        "Robot {{ name \"{name}\" translation 0 {y} {RADIUS} supervisor TRUE controller \"diff_drive\" \
           controllerArgs [ {args} ] \
           boundingObject Pose {{ translation 0.02 0 0 children [ Box {{ size 0.16 0.12 0.04 }} ] }} \
           physics Physics {{ density -1 mass 0.5 }} children [ {} {} \
           Solid {{ name \"caster\" translation 0.08 0 -0.03 contactMaterial \"caster\" \
             boundingObject Sphere {{ radius 0.02 }} physics Physics {{ density -1 mass 0.01 }} }} ] }}\n",
        wheel("left", AXLE / 2.0),
        wheel("right", -AXLE / 2.0)
    )
}

/// `angles` made continuous (no jumps of 2π between neighbours).
fn unwrap(angles: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for a in angles {
        let v = match out.last() {
            Some(&prev) => a + ((prev - a) / std::f64::consts::TAU).round() * std::f64::consts::TAU,
            None => a,
        };
        out.push(v);
    }
    out
}

#[test]
fn wheels_turn_at_the_set_velocity_and_a_two_wheeled_robot_drives_the_distance_and_arcs_they_give() {
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 contactProperties [ \
           ContactProperties {{ material1 \"caster\" coulombFriction 0 }} ] }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 100 100 }} }}\n{}{}{}",
        two_wheeler("straight", 0.0, "\"10\" \"10\" \"160\""),
        two_wheeler("spin", 5.0, "\"-5\" \"5\" \"160\""),
        two_wheeler("arc", 10.0, "\"5\" \"10\" \"160\""),
    );
    let out = run(&world, &["diff_drive"], &[]);
    ok(&out);
    let dt = 0.016;
    // from 0.6 s (the wheels have ramped up at 20 rad/s², without slipping) to 2.56 s
    let (from, to) = (37, 159);
    let span = (to - from) as f64 * dt;
    for robot in ["straight", "spin", "arc"] {
        let r = records(&out, robot);
        let (wl, wr) = match robot {
            "straight" => (10.0, 10.0),
            "spin" => (-5.0, 5.0),
            _ => (5.0, 10.0),
        };
        // the encoders turn at the set velocities
        for (key, w) in [("l", wl), ("r", wr)] {
            let turned = r[to][key] - r[from][key];
            assert!(
                (turned - w * span).abs() < 0.02 * (w * span).abs(),
                "{robot} {key}: {turned} rad, ω·t = {}",
                w * span
            );
        }
        // within 4%: a 2 cm wide tyre touches the ground along a line, so the axle length the robot
        // turns about is 0.2 ± 0.01 m
        let yaw = unwrap(r.iter().map(|s| s["yaw"]));
        let heading = yaw[to] - yaw[from];
        let expected_heading = (wr - wl) * RADIUS / AXLE * span;
        let speed = (wl + wr) / 2.0 * RADIUS;
        let travelled: f64 = (from..to)
            .map(|k| ((r[k + 1]["x"] - r[k]["x"]).powi(2) + (r[k + 1]["y"] - r[k]["y"]).powi(2)).sqrt())
            .sum();
        assert!(
            (heading - expected_heading).abs() < 0.04 * expected_heading.abs() + 0.01,
            "{robot}: heading changed by {heading}, (ωr - ωl)·r·t / L = {expected_heading}"
        );
        assert!(
            (travelled - speed * span).abs() < 0.04 * speed * span + 0.01,
            "{robot}: travelled {travelled} m, (ωl + ωr)/2·r·t = {}",
            speed * span
        );
    }
    // driving straight keeps the heading and stays on the line
    let straight = records(&out, "straight");
    assert!(straight[to]["yaw"].abs() < 0.02 && straight[to]["y"].abs() < 0.02, "drifted: {:?}", straight[to]);
}

#[test]
fn set_torque_accelerates_a_known_inertia_and_beats_a_set_position_of_the_same_step() {
    let (mass, a, b, d, torque) = (1.0, 0.4, 0.02, 0.2, 0.5);
    let inertia = mass * (a * a + b * b) / 12.0 + mass * d * d;
    let alpha = torque / inertia;
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n{}",
        arm_robot("arm", 0.0, "0 0 1", "", "")
            .replace("motor_trace", "motor_force")
            .replace("controllerArgs [  ]", &format!("controllerArgs [ \"{torque}\" ]"))
    );
    let out = run(&world, &["motor_force"], &[]);
    ok(&out);
    let r = records(&out, "arm");
    // force control: the position grows as ½·α·t² (the integration's own error, under 1/(4n) after n
    // steps, is within the tolerance from the tenth step on)
    let forced: Vec<_> = r.iter().filter(|s| s["phase"] == 0.0).collect();
    assert_eq!(forced.len(), 20);
    for s in &forced[9..] {
        let t = s["t"] / 1000.0;
        let expected = alpha * t * t / 2.0;
        assert!((s["p"] - expected).abs() < 0.03 * expected, "t={t}: {} rad, ½·(τ/I)·t² = {expected}", s["p"]);
    }
    // back in position control: it settles at the target
    let stop = value(&out, "arm", "stop");
    let last = r.last().unwrap();
    assert!((last["p"] - stop).abs() < 1e-3, "stopped at {}, target {stop}", last["p"]);
}

/// Webots' kinematic motor (spec motion §3.6) toward `target` from 0: the speed ramps by
/// `acceleration`·dt up to `velocity`, the position never passes the target.
fn kinematic_law(target: f64, velocity: f64, acceleration: f64, dt: f64, steps: usize) -> Vec<f64> {
    let (mut p, mut v) = (0.0_f64, 0.0_f64);
    (0..steps)
        .map(|_| {
            if (target - p).abs() >= 1e-6 {
                v = (v + acceleration * dt).min(velocity);
                p = (p + v * dt).min(target);
            }
            p
        })
        .collect()
}

#[test]
fn coupled_motors_mirror_and_relay_kinematic_joints_follow_webots_ramp_and_soft_limits_widen() {
    let hinge = |def: &str, motor: &str, extra: &str| {
        format!(
            "HingeJoint {{ jointParameters DEF P{def} HingeJointParameters {{ axis 0 0 1 {extra} }} device [ {motor} ] \
               endPoint DEF E{def} Solid {{ boundingObject Box {{ size 0.1 0.1 0.1 }} }} }}"
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ supervisor TRUE controller \"motor_coupled\" children [ {} {} {} {} {} ] }}\n",
        hinge("A", "RotationalMotor { name \"x::a\" multiplier 5 }", ""),
        hinge("B", "RotationalMotor { name \"x::b\" multiplier -5 maxVelocity 5 }", ""),
        hinge("X", "RotationalMotor { name \"x\" } PositionSensor { name \"ps x\" }", ""),
        hinge("Y", "RotationalMotor { name \"y::z\" }", ""),
        hinge("L", "RotationalMotor { name \"limited\" minPosition -0.1 maxPosition 0.1 }", "position -0.2"),
    );
    let out = run(&world, &["motor_coupled"], &[]);
    ok(&out);
    out.assert_stdout_has("coupled checks passed");
    out.assert_stderr_has("Motor 'y::z' uses the coupled motor name structure but does not have any siblings.");
    out.assert_stderr_has(
        "When using coupled motors, velocity limits must be consistent across devices. Adjusted 'maxVelocity' \
         from 5 to 10 for motor 'x::a'.",
    );
    out.assert_stderr_has("Invalid 'minPosition' changed to -0.2. The value should be -0.2 or less.");
    // "x": acceleration -1, so the available torque's value (10) is the acceleration; 2 rad/s at most
    let law = kinematic_law(1.0, 2.0, 10.0, 0.032, 40);
    let r = records(&out, "robot");
    assert_eq!(r.len(), 40);
    for (s, expected) in r.iter().zip(&law) {
        for key in ["p", "ps", "angle"] {
            assert!(
                (s[key] - expected).abs() < 1e-9,
                "t={}: {key} = {}, Webots' ramp gives {expected}",
                s["t"],
                s[key]
            );
        }
    }
    assert_eq!(*law.last().unwrap(), 1.0, "the target is reached within the run");
}

#[test]
fn every_misuse_gets_webots_message_and_value_and_the_world_warns_as_webots_does() {
    let physics = "physics Physics { density -1 mass 1 } boundingObject Box { size 0.1 0.1 0.1 }";
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 gravity 0 }}\n\
         Robot {{ controller \"joint_misuse\" children [ \
           HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} \
             device [ RotationalMotor {{ name \"m\" minPosition -1 maxPosition 1 }} PositionSensor {{ name \"ps\" }} Brake {{ name \"br\" }} ] \
             endPoint Solid {{ {physics} }} }} \
           SliderJoint {{ device [ LinearMotor {{ name \"lin\" }} PositionSensor {{ name \"lps\" }} ] \
             endPoint Solid {{ translation 1 0 0 {physics} }} }} \
           HingeJoint {{ device [ RotationalMotor {{ name \"kin\" }} ] endPoint Solid {{ translation 2 0 0 }} }} \
           HingeJoint {{ device [ RotationalMotor {{ name \"loose\" }} ] }} \
           HingeJoint {{ device [ RotationalMotor {{ name \"bad\" maxVelocity -3 maxTorque -1 acceleration -2 multiplier 0 \
             controlPID 0 -1 -1 }} PositionSensor {{ name \"bad sensor\" noise -1 resolution 0 }} ] }} \
           LED {{ name \"led\" }} ] }}\n"
    );
    let out = run(&world, &["joint_misuse"], &[]);
    ok(&out);
    out.assert_stdout_has("misuse checks passed");
    for warning in [
        "RotationalMotor \"m\": too big requested position: 5 > 1",
        "RotationalMotor \"m\": too low requested position: -5 < -1",
        "RotationalMotor \"m\": The requested velocity 50 exceeds 'maxVelocity' = 10.",
        "RotationalMotor \"m\": The requested available motor torque 100 exceeds 'maxTorque' = 10",
        "RotationalMotor \"m\": The requested motor torque 20 exceeds 'maxTorque' = 10",
        "LinearMotor \"lin\": The requested available motor force 50 exceeds 'maxForce' = 10",
        "RotationalMotor \"kin\": wb_motor_enable_torque_feedback(): cannot be invoked for a Joint whose end point has no Physics node.",
        "RotationalMotor \"loose\": wb_motor_enable_torque_feedback(): cannot be invoked for a Joint with no end point.",
        "RotationalMotor \"m\": wb_motor_enable_torque_feedback(): cannot be invoked because the parent Solid has no Physics node.",
        // load-time checks
        "RotationalMotor \"bad\": Invalid 'maxVelocity' changed to 3. The value should be non-negative.",
        "RotationalMotor \"bad\": Invalid 'acceleration' changed to -1. The value should be either -1 or non-negative.",
        "RotationalMotor \"bad\": 'controlP' (currently 0) must be positive.",
        "RotationalMotor \"bad\": 'controlI' (currently -1) must be non-negative.",
        "RotationalMotor \"bad\": 'controlD' (currently -1) must be non-negative.",
        "RotationalMotor \"bad\": The value of 'multiplier' cannot be 0. Value reverted to 1.",
        "RotationalMotor \"bad\": Invalid 'maxTorque' changed to 10. The value should be non-negative.",
        "PositionSensor \"bad sensor\": Invalid 'noise' changed to 0. The value should be non-negative.",
        "PositionSensor \"bad sensor\": Invalid 'resolution' changed to -1. The value should be either -1 or positive.",
    ] {
        out.assert_stderr_has(warning);
    }
}

#[test]
fn position_sensor_noise_is_seeded_gaussian_and_resolution_rounds_as_webots() {
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { controller \"ps_noise\" controllerArgs [ \"2000\" ] children [ \
           HingeJoint { jointParameters HingeJointParameters { position 0.3 } \
             device [ PositionSensor { name \"noisy\" noise 0.01 } ] endPoint Solid { } } \
           HingeJoint { jointParameters HingeJointParameters { position -0.33 } \
             device [ PositionSensor { name \"coarse\" resolution 0.1 } ] endPoint Solid { } } ] }\n";
    let p = Project::new();
    p.controller("ps_noise", "ps_noise");
    p.world("w.wbt", world);
    let (first, again, reseeded) = (p.run("w.wbt", &[]), p.run("w.wbt", &[]), p.run("w.wbt", &["--seed", "5"]));
    for out in [&first, &again, &reseeded] {
        ok(out);
    }
    let samples = |out: &RunOutput, key: &str| records(out, "robot").iter().map(|r| r[key]).collect::<Vec<f64>>();
    let noisy = samples(&first, "n");
    assert_eq!(noisy.len(), 2000);
    let n = noisy.len() as f64;
    let mean = noisy.iter().sum::<f64>() / n;
    let sigma = (noisy.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    // the mean within 4 standard errors, σ within 10 % (its standard error is about 1.6 %)
    assert!((mean - 0.3).abs() < 4.0 * 0.01 / n.sqrt(), "mean {mean}");
    assert!((sigma - 0.01).abs() < 0.001, "σ {sigma}");
    assert_eq!(noisy, samples(&again, "n"), "the same seed gives the same noise");
    assert_ne!(noisy, samples(&reseeded, "n"), "another seed gives other noise");
    // Webots' resolution: resolution · trunc(value / resolution + 0.5), so -0.33 reads -0.2
    let expected = (-0.33_f64 / 0.1 + 0.5).trunc() * 0.1;
    assert!((expected + 0.2).abs() < 1e-12);
    for c in samples(&first, "c") {
        assert!((c - expected).abs() < 1e-12, "coarse read {c}");
    }
}

/// A 1 kg arm (0.4 m along x from a horizontal hinge), released horizontal with a damping constant
/// `damping` on its joint: its angle after `t` s, by fine integration of I·θ'' = m·g·d·cos θ − B·θ'.
fn damped_pendulum(damping: f64, t: f64) -> f64 {
    let (mass, g, d) = (1.0, 9.81, 0.2);
    let inertia = mass * (0.16 + 0.0004) / 12.0 + mass * d * d;
    let (mut theta, mut omega, h) = (0.0_f64, 0.0_f64, 1e-5);
    for _ in 0..(t / h).round() as usize {
        let alpha = (mass * g * d * theta.cos() - damping * omega) / inertia;
        omega += alpha * h;
        theta += omega * h;
    }
    theta
}

#[test]
fn webots_brake_scenario_and_the_damping_a_brake_adds() {
    let pendulum = |i: usize, brake: &str| {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 {y} 0 }} \
               device [ PositionSensor {{ name \"position sensor {i}\" }} {brake} ] \
               endPoint Solid {{ translation 0 {y} 0 boundingObject Pose {{ translation 0.2 0 0 children [ \
                 Box {{ size 0.4 0.02 0.02 }} ] }} physics Physics {{ density -1 mass 1 }} }} }}",
            y = i as f64 * 0.5
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ translation 0 0 1 controller \"brake_swing\" children [ {} {} {} {} ] }}\n",
        pendulum(1, ""),
        pendulum(2, "Brake { name \"brake 2\" }"),
        pendulum(3, "Brake { name \"brake 3\" }"),
        pendulum(4, "Brake { name \"brake 4\" }"),
    );
    let out = run(&world, &["brake_swing"], &[]);
    ok(&out);
    let last = records(&out, "robot").pop().unwrap();
    let (a1, a2, a3, a4) = (last["a1"], last["a2"], last["a3"], last["a4"]);
    // Webots' test: a brake of 0 is no brake, a brake of 1 swings less, 10000 holds within 0.001
    assert!((a1 - a2).abs() < 0.01, "{a1} vs {a2}");
    assert!(a2 > a3, "{a2} vs {a3}");
    assert!(a4.abs() < 0.001, "{a4}");
    // and against mechanics, after 8 steps of 32 ms
    let t = 0.256;
    for (angle, damping) in [(a1, 0.0), (a3, 1.0)] {
        let expected = damped_pendulum(damping, t);
        assert!((angle - expected).abs() < 0.03 * expected, "B = {damping}: {angle} rad, mechanics says {expected}");
    }
}

#[test]
fn leds_light_their_material_and_light_as_webots_does() {
    // Webots colours the LED's first child: a Shape, or a Group of Shapes and lights
    let led = |name: &str, fields: &str, material: &str, extra: &str| {
        format!(
            "LED {{ name \"{name}\" {fields} children [ Group {{ children [ Shape {{ appearance Appearance {{ \
               material DEF {material} Material {{ emissiveColor 0 0 0 }} }} geometry Sphere {{ radius 0.01 }} }} {extra} ] }} \
               Shape {{ appearance Appearance {{ material DEF {material}_2 Material {{ emissiveColor 0 0 0 }} }} geometry Box {{ }} }} ] }}"
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ supervisor TRUE controller \"led_colors\" children [ {} {} {} {} ] }}\n",
        led("list", "color [ 1 0 0, 0 1 0, 0 0 1 ]", "M_LIST", "DEF LIGHT PointLight { on TRUE color 1 1 1 }"),
        led("one", "gradual TRUE color [ 0 0 1 ]", "M_ONE", ""),
        led("rgb", "gradual TRUE color [ ]", "M_RGB", ""),
        // Webots' warnings: a gradual LED with several colours, an LED with nothing to light
        "LED { name \"many\" gradual TRUE color [ 1 0 0, 0 1 0 ] } LED { name \"dark\" }",
    );
    let out = run(&world, &["led_colors"], &[]);
    ok(&out);
    out.assert_stdout_has("led checks passed");
    out.assert_stderr_has("LED \"many\": Too many colors defined for a gradual LED.");
    out.assert_stderr_has(
        "LED \"dark\": No PBRAppearance, Material and no Light found. The first child of a LED should be either a \
         Shape, a Light or a Group containing Shape and Light nodes.",
    );
}

#[test]
fn a_hinge2_joint_steers_to_its_first_motor_s_position_and_spins_at_its_second_s_velocity() {
    // a 1 kg wheel on a Hinge2Joint (steering about z, then spinning about the steered y) of a floating
    // 1000 kg body, without gravity: the wheel's orientation is Rz(steer)·Ry(spin)
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 gravity 0 }\n\
        Robot { supervisor TRUE controller \"hinge2_drive\" controllerArgs [ \"0.5\" \"2\" \"125\" ] \
          boundingObject Box { size 1 1 1 } physics Physics { density -1 mass 1000 } children [ \
          Hinge2Joint { jointParameters HingeJointParameters { axis 0 0 1 anchor 1 0 0 } \
            device [ RotationalMotor { name \"steer\" } PositionSensor { name \"steer sensor\" } ] \
            jointParameters2 HingeJointParameters { axis 0 1 0 anchor 1 0 0 } \
            device2 [ RotationalMotor { name \"wheel\" } PositionSensor { name \"wheel sensor\" } ] \
            endPoint DEF TARGET Solid { translation 1 0 0 boundingObject Sphere { radius 0.1 } \
              physics Physics { density -1 mass 1 } } } ] }\n";
    let out = run(world, &["hinge2_drive"], &[]);
    ok(&out);
    let lines = out.robot_lines("robot");
    assert_eq!(lines.len(), 125, "{}", out.stdout);
    let field = |line: &str, key: &str| -> String {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .unwrap_or_else(|| panic!("{key} in {line}"))
            .to_string()
    };
    let last = lines.last().unwrap();
    let (steer, spin): (f64, f64) = (field(last, "steer=").parse().unwrap(), field(last, "wheel=").parse().unwrap());
    // the steering motor reached its target (10 rad/s at most: in 0.05 s); the wheel turned 2 rad/s for 1 s
    assert!((steer - 0.5).abs() < 1e-3, "steered to {steer}");
    assert!((spin - 2.0).abs() < 0.02 * 2.0, "spun {spin} rad in 1 s at 2 rad/s");
    let r: Vec<f64> = field(last, "R=").split(',').map(|v| v.parse().unwrap()).collect();
    let expected = nalgebra::Rotation3::from_axis_angle(&nalgebra::Vector3::z_axis(), steer)
        * nalgebra::Rotation3::from_axis_angle(&nalgebra::Vector3::y_axis(), spin);
    for (i, v) in r.iter().enumerate() {
        let e = expected.matrix()[(i / 3, i % 3)];
        assert!((v - e).abs() < 1e-2, "orientation {r:?} against Rz(steer)·Ry(spin) {expected:?}");
    }
}

#[test]
fn motor_limits_widen_to_every_joint_axis_initial_position() {
    // Webots' joints_motor_min_max_position: each motor's [minPosition, maxPosition] of [-0.1, 0.1] widens
    // to take in its own axis's initial `position` (a slider, both Hinge2Joint axes, the three BallJoint axes)
    let motor = |name: &str| format!("RotationalMotor {{ name \"{name}\" minPosition -0.1 maxPosition 0.1 }}");
    let linear = |name: &str| format!("LinearMotor {{ name \"{name}\" minPosition -0.1 maxPosition 0.1 }}");
    let end = "endPoint Solid { }";
    let joints = [
        format!("SliderJoint {{ jointParameters JointParameters {{ position -0.2 }} device [ {} ] {end} }}", linear("slider_low")),
        format!("SliderJoint {{ jointParameters JointParameters {{ position 0.2 }} device [ {} ] {end} }}", linear("slider_high")),
        format!(
            "Hinge2Joint {{ jointParameters HingeJointParameters {{ position -0.2 }} jointParameters2 JointParameters {{ position -0.3 }} \
             device [ {} ] device2 [ {} ] {end} }}",
            motor("hinge2_low"),
            motor("hinge2_low2")
        ),
        format!(
            "Hinge2Joint {{ jointParameters HingeJointParameters {{ position 0.2 }} jointParameters2 JointParameters {{ position 0.3 }} \
             device [ {} ] device2 [ {} ] {end} }}",
            motor("hinge2_high"),
            motor("hinge2_high2")
        ),
        format!(
            "BallJoint {{ jointParameters BallJointParameters {{ position -0.2 }} jointParameters2 JointParameters {{ position -0.3 }} \
             jointParameters3 JointParameters {{ position -0.4 }} device [ {} ] device2 [ {} ] device3 [ {} ] {end} }}",
            motor("ball_low"),
            motor("ball_low2"),
            motor("ball_low3")
        ),
        format!(
            "BallJoint {{ jointParameters BallJointParameters {{ position 0.2 }} jointParameters2 JointParameters {{ position 0.3 }} \
             jointParameters3 JointParameters {{ position 0.4 }} device [ {} ] device2 [ {} ] device3 [ {} ] {end} }}",
            motor("ball_high"),
            motor("ball_high2"),
            motor("ball_high3")
        ),
    ];
    let names = [
        "slider_low",
        "slider_high",
        "hinge2_low",
        "hinge2_low2",
        "hinge2_high",
        "hinge2_high2",
        "ball_low",
        "ball_low2",
        "ball_low3",
        "ball_high",
        "ball_high2",
        "ball_high3",
    ];
    let args: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\nRobot {{ name \"r\" controller \"motor_limits\" controllerArgs [ {} ] children [ {} ] }}\n",
        args.join(" "),
        joints.join(" ")
    );
    let p = Project::new();
    p.controller("motor_limits", "motor_limits");
    p.world("limits.wbt", &world);
    let out = p.run("limits.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("r"),
        [
            "slider_low [-0.2, 0.1]",
            "slider_high [-0.1, 0.2]",
            "hinge2_low [-0.2, 0.1]",
            "hinge2_low2 [-0.3, 0.1]",
            "hinge2_high [-0.1, 0.2]",
            "hinge2_high2 [-0.1, 0.3]",
            "ball_low [-0.2, 0.1]",
            "ball_low2 [-0.3, 0.1]",
            "ball_low3 [-0.4, 0.1]",
            "ball_high [-0.1, 0.2]",
            "ball_high2 [-0.1, 0.3]",
            "ball_high3 [-0.1, 0.4]",
        ]
    );
}

/// Webots' hinge_2_joint_damping world (tests/physics), rebuilt from base nodes: a box on two Hinge2Joint
/// wheels whose second axes are driven at -1 and +1 rad/s turns in place; a supervisor sets both wheels'
/// `dampingConstant` to 0, then 20 after 10 steps of 64 ms, then 50.
fn hinge2_damped_wheels_world() -> String {
    let wheel = |i: usize, x: f64| {
        format!(
            "DEF WHEEL{i} Hinge2Joint {{ jointParameters HingeJointParameters {{ axis 0 0 1 anchor {a} 0 0 }} \
               jointParameters2 DEF WHEEL{i}PARAMETERS JointParameters {{ axis 1 0 0 }} \
               device [ RotationalMotor {{ name \"dummy motor {i}\" }} ] device2 [ RotationalMotor {{ name \"wheel{i}\" }} ] \
               endPoint Solid {{ translation {x} 0 0 name \"wheel {i}\" boundingObject Pose {{ rotation 0 1 0 1.5707963267948966 \
                 children [ Cylinder {{ height 0.005 radius 0.04 }} ] }} physics Physics {{ }} }} }}",
            a = x.signum() * 0.06
        )
    };
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 50 50 }} }}\n\
         Robot {{ translation 0 0 0.04 controller \"hinge2_damped_wheels\" children [ {} {} Gyro {{ }} ] \
           boundingObject Box {{ size 0.1 0.05 0.05 }} physics Physics {{ }} }}\n\
         Robot {{ name \"supervisor\" supervisor TRUE controller \"hinge2_damping_setter\" }}\n",
        wheel(1, 0.055),
        wheel(2, -0.055)
    )
}

#[test]
fn webots_hinge2_damping_scenario_a_motor_against_a_damper_turns_at_max_torque_over_damping() {
    let out = run(&hinge2_damped_wheels_world(), &["hinge2_damped_wheels", "hinge2_damping_setter"], &[]);
    ok(&out);
    let rates = out.robot_numbers("robot", "rate ", 1);
    assert_eq!(rates.len(), 30, "{}", out.stdout);
    // each phase's last five steps: the rate once settled
    let settled = |phase: usize| rates[phase * 10 + 5..phase * 10 + 10].iter().sum::<f64>() / 5.0;
    let (free, damped20, damped50) = (settled(0), settled(1), settled(2));
    // mechanics: the wheels' relative rate is min(1, maxTorque 10 / B) rad/s, the robot turns at r·Δω / track
    // = 0.04·2/0.11 = 0.727 rad/s times it; Webots measures 0.696, 0.348, 0.139 (its tolerance 0.01)
    for (rate, webots) in [(free, 0.696), (damped20, 0.348), (damped50, 0.139)] {
        assert!((rate - webots).abs() < 0.05 * webots, "turns at {rate} rad/s, Webots at {webots}: {rates:?}");
    }
    assert!((damped20 / free - 0.5).abs() < 0.025, "B = 20 halves the rate: {damped20} vs {free}");
    assert!((damped50 / free - 0.2).abs() < 0.01, "B = 50 gives a fifth of it: {damped50} vs {free}");
}

/// Webots' motor2 world (tests/api), in ENU: a 20 kg cylinder of 5 cm radius standing on a floor carries
/// a Hinge2Joint (first axis vertical, second horizontal) whose 1 kg endPoint has unit inertia.
fn motor2_world() -> String {
    "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
     Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
     Robot { translation -0.25 0 0.025 controller \"motor2_feedback\" children [ \
       Hinge2Joint { \
         jointParameters HingeJointParameters { axis 0 0 1 anchor 0 0 0.06 minStop -1.5 maxStop 1.5 } \
         jointParameters2 JointParameters { axis 0 1 0 minStop -1.5 maxStop 1.5 } \
         device [ RotationalMotor { } ] \
         device2 [ RotationalMotor { name \"rotational motor2\" minPosition -1.53 maxPosition 1.58 maxTorque 100 } \
                   PositionSensor { name \"position sensor2\" } ] \
         endPoint Solid { translation 0 0 0.06 boundingObject Cylinder { height 0.05 radius 0.02 } \
           physics Physics { density -1 mass 1 centerOfMass [ 0 0 0 ] inertiaMatrix [ 1 1 1 0 0 0 ] } } } ] \
       boundingObject Cylinder { height 0.05 radius 0.05 } physics Physics { density -1 mass 20 } }\n"
        .to_string()
}

#[test]
fn a_hinge2_joint_s_second_motor_feeds_back_its_available_torque_while_limited_and_none_under_set_torque() {
    // Webots' motor2 sequence (its checks before enabling and of the limits are in the controller). The
    // move toward π/2 asks 15·(π/2 − θ) rad/s, far more than the 0.5 N·m on the endPoint's 1 kg·m² reaches
    // in 21 steps (0.5·0.672 = 0.34 rad/s): the motor is at its available torque throughout, which its
    // feedback reads (Webots: 0.500022 within 1e-4). Under set_torque the motor's constraint acts no more
    // and the feedback excludes the torque set (motor.md): 0 (Webots: 1.16e-7 within 1e-4).
    let out = run(&motor2_world(), &["motor2_feedback"], &[]);
    ok(&out);
    // the position after the move: the endPoint's 0.113 rad and the base tilted the other way on its
    // contacts' springs, about 0.133 in mechanics (Webots 0.137485 within 0.001); the base tilts too little
    // here (COMPATIBILITY.md, motor2), where it tilted 0.09 rad on its rim before the contacts shared their
    // load (0.209)
    let position = value(&out, "robot", "position");
    assert!((position - 0.137485).abs() < 0.025, "position {position} after the move, Webots 0.137485");
    let torque = value(&out, "robot", "torque");
    assert!((torque - 0.5).abs() < 1e-4, "torque feedback {torque} while limited at 0.5 N·m");
    let torque2 = value(&out, "robot", "torque2");
    assert!(torque2.abs() < 1e-4, "torque feedback {torque2} under set_torque");
}
