//! Webots' `tests/api` world `position_sensor_get_motor`: a robot (inside a Solid) with a BallJoint whose
//! three axes each have a motor and a position sensor, and a brake on the first only; each device finds
//! the others of its own axis, and the third axis' sensor has no brake (not the first axis').

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid {
  children [
    Robot {
      name "ball"
      controller "ball_joint_devices"
      boundingObject Box { size 0.1 0.1 0.05 }
      physics Physics { density -1 mass 20 }
      children [
        BallJoint {
          jointParameters BallJointParameters { anchor 0 0 0.06 }
          jointParameters2 JointParameters { }
          jointParameters3 JointParameters { }
          device [ RotationalMotor { name "rotational motor1" } PositionSensor { name "position sensor1" } Brake { name "brake1" } ]
          device2 [ RotationalMotor { name "rotational motor2" minPosition -1.5707963267948966 maxPosition 1.5707963267948966 }
                    PositionSensor { name "position sensor2" } ]
          device3 [ RotationalMotor { name "rotational motor3" } PositionSensor { name "position sensor3" } ]
          endPoint Solid {
            translation 0 0 0.06
            boundingObject Box { size 0.04 0.04 0.05 }
            physics Physics { density -1 mass 1 }
          }
        }
      ]
    }
  ]
}
"#;

#[test]
fn a_ball_joint_s_devices_find_those_of_their_own_axis_and_only_the_first_axis_has_the_brake() {
    let p = Project::new();
    p.world("ball.wbt", WORLD);
    p.controller("ball_joint_devices", "ball_joint_devices");
    let out = p.run("ball.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("ball"), ["ball joint devices: all checks passed"], "{}", out.stderr);
}
