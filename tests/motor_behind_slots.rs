//! Webots' `tests/api` world `motor` as Webots builds it: the tested motor sits on a HingeJoint behind two
//! Slots, beside three coupled motors ("motor", "motor::hinge", "motor::hinge2") on hinges without end
//! points; the robot finds every device, the motor its sensor, and a target beyond the motor's
//! maxPosition is clamped to it: the arm follows the motor's control law toward 1.51.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  name "r"
  controller "slot_motor"
  children [
    HingeJoint { device [ RotationalMotor { name "motor" multiplier 0.2 } ] }
    HingeJoint { device [ RotationalMotor { name "motor::hinge" multiplier 5 } ] }
    HingeJoint { device [ RotationalMotor { name "motor::hinge2" multiplier -5 } ] }
    Slot {
      endPoint Slot {
        endPoint HingeJoint {
          jointParameters HingeJointParameters { axis 0 0 1 }
          device [
            RotationalMotor { acceleration 5 maxVelocity 20 minPosition -1.63 maxPosition 1.51 maxTorque 100 muscles [ Muscle { } ] }
            PositionSensor { }
          ]
          endPoint Solid {
            translation 0 0 0.05
            boundingObject Pose { translation 0.1 0 0 children [ Box { size 0.2 0.04 0.04 } ] }
            physics Physics { density -1 mass 1 }
          }
        }
      }
    }
  ]
}
"#;

#[test]
fn a_motor_behind_two_slots_beside_coupled_motors_is_found_and_drives_toward_its_clamped_target() {
    let p = Project::new();
    p.world("motor.wbt", WORLD);
    p.controller("slot_motor", "slot_motor");
    let out = p.run("motor.wbt", &["--until", "2.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("r");
    assert_eq!(
        lines[..5],
        [
            "device 0: motor",
            "device 1: motor::hinge",
            "device 2: motor::hinge2",
            "device 3: rotational motor",
            "device 4: position sensor",
        ],
        "{}",
        out.stderr
    );
    assert_eq!(lines.len(), 6, "{}\n{}", out.stdout, out.stderr);
    let at: f64 = lines[5].strip_prefix("arm at ").unwrap().parse().unwrap();
    // the default P = 10 asks 10 (1.51 − x) rad/s, at most 20 rad/s, reached at 5 rad/s² per step of 32 ms: 61
    // steps from 0 (the set before the first) leave the arm swinging back through 1.480 under that limit; the
    // physics joint follows that velocity law within a few mrad
    let (mut x, mut v) = (0.0f64, 0.0f64);
    for _ in 0..61 {
        let wanted = (10.0 * (1.51 - x)).clamp(-20.0, 20.0);
        v += (wanted - v).clamp(-5.0 * 0.032, 5.0 * 0.032);
        x += v * 0.032;
    }
    assert!((at - x).abs() < 5e-3, "the arm is at {at}, the control law puts it at {x}");
}
