//! Webots' `tests/api` worlds `motor2_velocity` and `motor3_velocity` as Webots writes them (ENU, a Floor
//! turned vertical, a 20 kg cylinder Robot that is the child of a Solid without physics, so Webots fixes
//! its base to the static environment) and their whole sequence in one run (tests/c/motor_turns_back.c):
//! each motor in turn runs 100 steps at V·|cos(2πi/100)|, then goes back to where it started at V. Webots'
//! checks after each turn, with its tolerances: the endPoint's inertial unit quaternion is
//! ±(sin(p/2)·axis, cos(p/2)) with |q·q'| within 1e-6 of 1 (so every earlier motor must have come back
//! close to 0, not just within the 0.01 asked of it: a leftover δ of another axis costs about δ²/8), the
//! position is unwrapped (more than V/2·0.032·100), it comes back within 0.01 of its start and stops
//! (last change under 1e-6).

mod common;

use common::{Project, RunOutput};

/// Webots' robot in both worlds: a 20 kg cylinder (radius 0.05, height 0.05, its axis along y) 0.025
/// above the origin, inside a Solid without physics; `joint` carries the 1 kg endPoint of unit inertia.
fn world(joint: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ coordinateSystem "ENU" basicTimeStep 32 }}
Solid {{ name "floor" rotation 1 0 0 -1.5708 boundingObject Plane {{ size 10 10 }} locked TRUE }}
Solid {{
  name "holder"
  children [
    Robot {{
      translation 0.05 0.025 0.3
      controller "motor_turns_back"
      controllerArgs [ {args} ]
      children [
        DEF BASE_SHAPE Pose {{ rotation 1 0 0 -1.57079632679 children [ Shape {{ geometry Cylinder {{ height 0.05 radius 0.05 }} }} ] }}
        {joint}
      ]
      boundingObject USE BASE_SHAPE
      physics Physics {{ density -1 mass 20 }}
    }}
  ]
}}
"#,
        args = args.join(" ")
    )
}

const END_POINT: &str = "endPoint Solid {
            translation 0 0.06 0
            rotation 0 1 0 0
            children [
              InertialUnit { }
              DEF THICK_CYLINDER_SHAPE Pose { rotation 1 0 0 0 children [ Shape { geometry Cylinder { height 0.05 radius 0.02 } } ] }
            ]
            boundingObject Group { children [ USE THICK_CYLINDER_SHAPE ] }
            physics Physics { density -1 mass 1 centerOfMass [ 0 0 0 ] inertiaMatrix [ 1 1 1 0 0 0 ] }
          }";

fn hinge2_joint() -> String {
    format!(
        "Hinge2Joint {{
          jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 0.06 0 }}
          jointParameters2 JointParameters {{ axis 0 0 1 }}
          device [ RotationalMotor {{ name \"rotational motor1\" }} PositionSensor {{ name \"position sensor1\" }} ]
          device2 [ RotationalMotor {{ name \"rotational motor2\" maxTorque 100 }} PositionSensor {{ name \"position sensor2\" }} ]
          {END_POINT}
        }}"
    )
}

fn ball_joint() -> String {
    format!(
        "BallJoint {{
          jointParameters BallJointParameters {{ anchor 0 0.06 0 }}
          jointParameters2 JointParameters {{ axis 1 0 0 }}
          jointParameters3 JointParameters {{ axis 0 0 1 }}
          device [ RotationalMotor {{ name \"rotational motor1\" }} PositionSensor {{ name \"position sensor1\" }} ]
          device2 [ RotationalMotor {{ name \"rotational motor2\" minPosition -1.5707963267948966 maxPosition 1.5707963267948966 }} PositionSensor {{ name \"position sensor2\" }} ]
          device3 [ RotationalMotor {{ name \"rotational motor3\" }} PositionSensor {{ name \"position sensor3\" }} ]
          {END_POINT}
        }}"
    )
}

fn run(joint: &str, args: &[&str]) -> RunOutput {
    let p = Project::new();
    p.controller("motor_turns_back", "motor_turns_back");
    p.world("w.wbt", &world(joint, args));
    let out = p.run("w.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out
}

/// The numbers after `key motor ` on the robot's line starting so.
fn numbers(out: &RunOutput, key: &str, motor: &str) -> Vec<f64> {
    out.robot_line_numbers("robot", &format!("{key} {motor} "))
}

/// Webots' checks on one motor of the sequence: `axis` is the endPoint's world axis index the motor turns
/// about (its joint axis, every other axis back at 0).
#[track_caller]
fn check(out: &RunOutput, motor: &str, v: f64, axis: usize) {
    let turned = numbers(out, "turned", motor);
    let position = turned[0];
    let q = &turned[1..5];
    let mut expected = [0.0, 0.0, 0.0, (position / 2.0).cos()];
    expected[axis] = (position / 2.0).sin();
    let dot: f64 = q.iter().zip(expected).map(|(a, b)| a * b).sum();
    assert!((dot.abs() - 1.0).abs() < 1e-6, "{motor} at {position}: quaternion {q:?}, expected ±{expected:?}");
    let least = v / 2.0 * 0.032 * 100.0;
    assert!(position > least, "{motor} turned only {position}, Webots asks more than {least}");
    let back = numbers(out, "back", motor);
    assert!((back[1] - back[0]).abs() < 0.01, "{motor} came back to {} from {}", back[1], back[0]);
    assert!(back[2] < 1e-6, "{motor} has not stopped: last change {}", back[2]);
}

#[test]
fn motor2_velocity_both_hinge2_motors_in_one_run_on_webots_fixed_base() {
    // Webots' order: the first axis (world y) at 10 rad/s, then the second (world z) at 10 rad/s; the
    // second's quaternion check needs the first back at 0
    let out = run(&hinge2_joint(), &["rotational motor1@10", "rotational motor2@10"]);
    check(&out, "rotational motor1", 10.0, 1);
    check(&out, "rotational motor2", 10.0, 2);
}

#[test]
fn motor3_velocity_three_ball_joint_motors_in_one_run_on_webots_fixed_base() {
    // Webots' order: motor1 (axis 1 = jointParameters2's x) at 10, motor3 (jointParameters3's z) at 10,
    // motor2 (axis 2 = z × x = y, limited to ±π/2) at 0.1 rad/s (it turns about 0.2 rad, more than 0.16)
    let out = run(&ball_joint(), &["rotational motor1@10", "rotational motor3@10", "rotational motor2@0.1"]);
    check(&out, "rotational motor1", 10.0, 0);
    check(&out, "rotational motor3", 10.0, 2);
    check(&out, "rotational motor2", 0.1, 1);
}
