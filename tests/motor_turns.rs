//! Webots' motor3_velocity and motor2_velocity scenarios (tests/api): a base carries a 1 kg endPoint of
//! inertia 1 kg·m² on a BallJoint with three motors or a Hinge2Joint with two. Each motor in turn runs 100
//! steps at a varying velocity, then goes back to where it started; the endPoint's inertial unit reads the
//! joint's position. In Webots' worlds the robot is the child of a Solid without physics, so Webots fixes
//! its base to the static environment (spec motion §1.1): the endPoint's turn is the joint's. Here the
//! BallJoint's base is a Robot without Physics and the Hinge2Joint's world is Webots' own. (On a floor,
//! the reactions of these motors, 10 and 100 N·m, would reach or pass what a 20 kg base of 5 cm radius
//! holds: see COMPATIBILITY.md, Physics.)

mod common;

use common::{Project, RunOutput};

/// The joints' endPoint: 1 kg with unit inertia, an inertial unit reading its orientation.
const END_POINT: &str = "endPoint Solid {
        translation 0 0 0.06
        children [ InertialUnit { } ]
        boundingObject Cylinder { height 0.05 radius 0.02 }
        physics Physics { density -1 mass 1 centerOfMass [ 0 0 0 ] inertiaMatrix [ 1 1 1 0 0 0 ] }
      }";

const TIME_STEP: f64 = 0.032;

fn world(args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    // Webots' axes: axis 1 from jointParameters2 (x), axis 3 from jointParameters3 (z), axis 2 = z × x = y
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Solid {{ name "floor" boundingObject Plane {{ size 10 10 }} }}
Robot {{
  translation 0.05 0.3 0.025
  controller "motor_turns_back"
  controllerArgs [ {args} ]
  children [
    BallJoint {{
      jointParameters BallJointParameters {{ anchor 0 0 0.06 }}
      jointParameters2 JointParameters {{ axis 1 0 0 }}
      jointParameters3 JointParameters {{ axis 0 0 1 }}
      device [ RotationalMotor {{ name "motor1" }} PositionSensor {{ name "sensor1" }} ]
      device2 [ RotationalMotor {{ name "motor2" minPosition -1.5707963267948966 maxPosition 1.5707963267948966 }} PositionSensor {{ name "sensor2" }} ]
      device3 [ RotationalMotor {{ name "motor3" }} PositionSensor {{ name "sensor3" }} ]
      {END_POINT}
    }}
  ]
  boundingObject Cylinder {{ height 0.05 radius 0.05 }}
}}
"#,
        args = args.join(" ")
    )
}

fn run(args: &[&str]) -> RunOutput {
    let p = Project::new();
    p.controller("motor_turns_back", "motor_turns_back");
    p.world("w.wbt", &world(args));
    let out = p.run("w.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out
}

/// The numbers after `key motor ` on the robot's line starting so.
fn numbers(out: &RunOutput, key: &str, motor: &str) -> Vec<f64> {
    out.robot_line_numbers("robot", &format!("{key} {motor} "))
}

/// The position a motor reaches after Webots' 100 steps at `v·|cos(2πi/100)|` (the first command applying
/// at the first step) when its torque `max_torque` accelerates the endPoint's `inertia` about the axis.
fn torque_limited_turn(v: f64, max_torque: f64, inertia: f64) -> f64 {
    let dv = max_torque / inertia * TIME_STEP;
    let (mut rate, mut position) = (0.0_f64, 0.0);
    for i in 0..100 {
        let command = v * (i as f64 * std::f64::consts::TAU / 100.0).cos().abs();
        rate += (command - rate).clamp(-dv, dv);
        position += rate * TIME_STEP;
    }
    position
}

/// Webots' checks after the turn and the return: the position is not wrapped (at least half the
/// commanded turn), the motor came back within 0.01 rad and stopped.
fn check_turn_and_return(out: &RunOutput, motor: &str, v: f64) -> f64 {
    let position = numbers(out, "turned", motor)[0];
    assert!(position > v / 2.0 * TIME_STEP * 100.0, "{motor} turned only {position} (not unwrapped?)");
    // the default maxTorque, 10 N·m, on the endPoint's 1 kg·m²
    let expected = torque_limited_turn(v, 10.0, 1.0);
    assert!((position - expected).abs() < 0.02 * expected, "{motor} turned {position}, expected {expected}");
    let back = numbers(out, "back", motor);
    let (start, end, change) = (back[0], back[1], back[2]);
    assert!((end - start).abs() < 0.01, "{motor} came back to {end}, started at {start}");
    assert!(change < 1e-6, "{motor} has not stopped: last change {change}");
    position
}

#[test]
fn ball_joint_motors_turn_their_webots_axes_unwrapped_and_come_back() {
    let out = run(&["motor1@10", "motor3@10", "motor2@0.1"]);
    // each axis alone turns the endPoint about it: q = (sin(p/2)·axis, cos(p/2)), sign included (the
    // inertial unit's quaternion follows the turn continuously over 20 rad in Webots)
    for (motor, v, axis) in [("motor1", 10.0, 0), ("motor3", 10.0, 2), ("motor2", 0.1, 1)] {
        let position = check_turn_and_return(&out, motor, v);
        let q = &numbers(&out, "turned", motor)[1..5];
        let mut expected = [0.0, 0.0, 0.0, (position / 2.0).cos()];
        expected[axis] = (position / 2.0).sin();
        for k in 0..4 {
            assert!(
                (q[k] - expected[k]).abs() < 0.01,
                "{motor} at {position}: quaternion {q:?}, expected {expected:?}"
            );
        }
    }
}

/// Webots' motor2_velocity world: its robot (a 20 kg cylinder lying against a Plane turned vertical) is
/// the child of a Solid without physics, so Webots fixes its base to the static environment (spec motion
/// §1.1); a Hinge2Joint (first axis y, second z) carries the endPoint. Runs the sequence for `motor` alone.
fn hinge2_run(motor: &str) -> RunOutput {
    let world = format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Solid {{ name "floor" rotation 1 0 0 -1.5708 boundingObject Plane {{ size 10 10 }} }}
Solid {{
  children [
    Robot {{
      translation 0.05 0.025 0.3
      controller "motor_turns_back"
      controllerArgs [ "{motor}@10" ]
      children [
        Hinge2Joint {{
          jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 0.06 0 }}
          jointParameters2 JointParameters {{ axis 0 0 1 }}
          device [ RotationalMotor {{ name "motor1" }} PositionSensor {{ name "sensor1" }} ]
          device2 [ RotationalMotor {{ name "motor2" maxTorque 100 }} PositionSensor {{ name "sensor2" }} ]
          endPoint Solid {{
            translation 0 0.06 0
            children [ InertialUnit {{ }} ]
            boundingObject Cylinder {{ height 0.05 radius 0.02 }}
            physics Physics {{ density -1 mass 1 centerOfMass [ 0 0 0 ] inertiaMatrix [ 1 1 1 0 0 0 ] }}
          }}
        }}
      ]
      boundingObject Pose {{ rotation 1 0 0 -1.57079632679 children [ Cylinder {{ height 0.05 radius 0.05 }} ] }}
      physics Physics {{ density -1 mass 20 }}
    }}
  ]
}}
"#
    );
    let p = Project::new();
    p.controller("motor_turns_back", "motor_turns_back");
    p.world("w.wbt", &world);
    let out = p.run("w.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out
}

/// How far a motor of `max_torque` turns a body of `inertia` kg·m² through the sequence of
/// motor_turns_back (100 steps of `h` at `v`·|cos(2πi/100)| rad/s), each step's rate reaching its command
/// as far as the torque allows, integrated over the engine's `n` substeps of a step (the rate ramps
/// within a step: a step's turn is `h·(ω₀ + (n + 1)/(2n)·Δω)`; ODE's single step gives `h·(ω₀ + Δω)`,
/// 16.421 here).
fn torque_limited_turn_in_substeps(v: f64, max_torque: f64, inertia: f64, h: f64, n: u32) -> f64 {
    let (mut w, mut p) = (0.0f64, 0.0);
    for i in 0..100 {
        let command = v * (i as f64 * std::f64::consts::TAU / 100.0).cos().abs();
        let dw = (command - w).clamp(-max_torque / inertia * h, max_torque / inertia * h);
        p += h * (w + dw * f64::from(n + 1) / f64::from(2 * n));
        w += dw;
    }
    p
}

#[test]
fn hinge2_joint_positions_unwrap_and_the_end_point_s_inertial_unit_reads_them() {
    // Webots' motor2_velocity checks: after the turn the position is not wrapped (Webots asks for more than
    // 16 rad, half the commanded turn), and the inertial unit's quaternion is ±(sin(p/2)·axis, cos(p/2))
    // (Webots: |q·q'| within 1e-6 of 1; the base is fixed, so the endPoint's turn is the joint's)
    for (motor, axis) in [("motor1", 1), ("motor2", 2)] {
        let out = hinge2_run(motor);
        let turned = numbers(&out, "turned", motor);
        let position = turned[0];
        assert!(position > 16.0, "{motor} turned only {position}");
        let q = &turned[1..5];
        let mut expected = [0.0, 0.0, 0.0, (position / 2.0).cos()];
        expected[axis] = (position / 2.0).sin();
        let dot: f64 = q.iter().zip(expected).map(|(a, b)| a * b).sum();
        assert!((dot.abs() - 1.0).abs() < 1e-6, "{motor} at {position}: quaternion {q:?}, expected ±{expected:?}");
        // each axis comes back to its start and stops
        let back = numbers(&out, "back", motor);
        assert!((back[1] - back[0]).abs() < 0.01 && back[2] < 1e-6, "{motor} came back to {back:?}");
    }
}

#[test]
fn a_hinge2_joint_s_first_motor_turns_its_end_point_as_its_torque_allows() {
    // motor2_velocity's first axis: the default maxTorque 10 N·m on the endPoint's 1 kg·m² (nothing else
    // turns with it: Webots' Hinge2Joint has no body between its hinges), 10 rad/s·|cos| for 100 steps of
    // 32 ms: the rate lags the command while it rises, 16.29 rad (Webots asks for more than 16); the
    // Hinge2Joint held by the static world is a multibody, whose worlds the engine steps in 8 substeps
    let out = hinge2_run("motor1");
    let position = numbers(&out, "turned", "motor1")[0];
    let mechanics = torque_limited_turn_in_substeps(10.0, 10.0, 1.0, TIME_STEP, 8);
    assert!((position - mechanics).abs() < 0.01, "turned {position} rad, the torque allows {mechanics}");
}
