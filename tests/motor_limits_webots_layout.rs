//! Webots' `tests/api` world `joints_motor_min_max_position` as Webots builds it: eight joints without
//! endPoints (two SliderJoints, two HingeJoints, two Hinge2Joints, two BallJoints) whose initial
//! positions lie below or above their motors' [-0.1, 0.1]. Each motor's limits widen to take in its own
//! axis's position (device with jointParameters, device2 with jointParameters2, device3 with
//! jointParameters3) and only on the side it crosses.

mod common;

use common::Project;

fn joint(kind: &str, name: &str, sign: f64) -> String {
    let motor = |suffix: &str, linear: bool| {
        let node = if linear { "LinearMotor" } else { "RotationalMotor" };
        format!("{node} {{ name \"{name}{suffix}\" minPosition -0.1 maxPosition 0.1 }}")
    };
    let p = |k: f64| sign * k;
    match kind {
        "SliderJoint" => {
            format!("SliderJoint {{ jointParameters JointParameters {{ position {} }} device [ {} ] }}", p(0.2), motor("", true))
        }
        "HingeJoint" => format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ position {} }} device [ {} ] }}",
            p(0.2),
            motor("", false)
        ),
        "Hinge2Joint" => format!(
            "Hinge2Joint {{ jointParameters HingeJointParameters {{ position {} }} jointParameters2 JointParameters {{ position {} }} \
             device [ {} ] device2 [ {} ] }}",
            p(0.2),
            p(0.3),
            motor("", false),
            motor("2", false)
        ),
        _ => format!(
            "BallJoint {{ jointParameters BallJointParameters {{ position {} }} jointParameters2 JointParameters {{ position {} }} \
             jointParameters3 JointParameters {{ position {} }} device [ {} ] device2 [ {} ] device3 [ {} ] }}",
            p(0.2),
            p(0.3),
            p(0.4),
            motor("", false),
            motor("2", false),
            motor("3", false)
        ),
    }
}

#[test]
fn joints_without_end_points_widen_each_motor_s_limits_to_its_own_axis_position() {
    let mut joints = Vec::new();
    // (motor name, the axis' initial position): the lower limit widens for a negative one, the upper for a positive one
    let mut expected: Vec<(String, f64)> = Vec::new();
    for kind in ["SliderJoint", "HingeJoint", "Hinge2Joint", "BallJoint"] {
        for (side, sign) in [("lower", -1.0), ("upper", 1.0)] {
            let name = format!("{}_{side}", kind.to_lowercase());
            joints.push(joint(kind, &name, sign));
            let axes: &[(&str, f64)] = match kind {
                "Hinge2Joint" => &[("", 0.2), ("2", 0.3)],
                "BallJoint" => &[("", 0.2), ("2", 0.3), ("3", 0.4)],
                _ => &[("", 0.2)],
            };
            for (suffix, k) in axes {
                expected.push((format!("{name}{suffix}"), sign * k));
            }
        }
    }
    let args: Vec<String> = expected.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    let world = format!(
        "#VRML_SIM R2023b utf8\nWorldInfo {{ }}\nRobot {{ name \"r\" supervisor TRUE controller \"motor_limits\" controllerArgs [ {} ] \
         children [ {} ] }}\n",
        args.join(" "),
        joints.join("\n")
    );
    let p = Project::new();
    p.controller("motor_limits", "motor_limits");
    p.world("joints_motor_min_max_position.wbt", &world);
    let out = p.run("joints_motor_min_max_position.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_no_messages();
    let want: Vec<String> = expected
        .iter()
        .map(|(n, pos)| if *pos < 0.0 { format!("{n} [{pos}, 0.1]") } else { format!("{n} [-0.1, {pos}]") })
        .collect();
    assert_eq!(out.robot_lines("r"), want);
}
