//! Webots' `tests/api` world `supervisor_node_set_joint_position`, its second robot (a UR5e arm, an
//! asset PROTO, rebuilt as a one-joint arm PROTO of our own): a supervisor reaches a joint inside a
//! PROTO through its motor's device node and sets its position; the arm's tool is there after one step
//! and stays, since Webots' joint also aims its motor at the new position.

mod common;

use common::Project;

const ARM_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO Arm [
  field SFString controller ""
  field SFBool   supervisor FALSE
]
{
  Robot {
    name "arm"
    controller IS controller
    supervisor IS supervisor
    children [
      HingeJoint {
        jointParameters HingeJointParameters { axis 0 1 0 anchor 0 0 0.5 }
        device [
          RotationalMotor { name "shoulder_lift_joint" maxTorque 20 }
          PositionSensor { name "shoulder_lift_joint_sensor" }
        ]
        endPoint Solid {
          translation 0 0 0.5
          children [ GPS { name "gps" translation 0.4 0 0 } ]
          boundingObject Pose { translation 0.2 0 0 children [ Box { size 0.4 0.05 0.05 } ] }
          physics Physics { density -1 mass 2 }
        }
      }
    ]
  }
}
"#;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/Arm.proto"
WorldInfo { basicTimeStep 32 }
Arm { controller "proto_joint_hold" supervisor TRUE }
"#;

#[test]
fn a_joint_inside_a_proto_set_by_a_supervisor_puts_the_tool_there_and_its_motor_holds_it() {
    let p = Project::new();
    p.proto("Arm", ARM_PROTO);
    p.world("arm.wbt", WORLD);
    p.controller("proto_joint_hold", "proto_joint_hold");
    let out = p.run("arm.wbt", &["--until", "2"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("arm"), ["proto_joint_hold: all checks passed at t=1.056"]);
    out.assert_no_messages();
}
