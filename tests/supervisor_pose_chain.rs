//! Webots' `tests/api` world `supervisor_get_position_orientation_pose`, rebuilt in ENU: a Transform at
//! the end of a hinge's endPoint in a robot turned half a turn. Its position, orientation, DEF path, its
//! pose relative to the endPoint (queried and tracked) and a scale written at run time that changes none
//! of them. Expected values are worked out by hand in tests/c/sv_pose_chain.c.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot { name "supervisor" controller "sv_pose_chain" supervisor TRUE }
DEF ROBOT Robot {
  translation 0.1 0 0
  rotation 1 0 0 3.141592653589793
  name "chain"
  children [
    DEF JOINT HingeJoint {
      jointParameters HingeJointParameters { axis 0 1 0 anchor 0 0.2 0 }
      endPoint DEF SOLID Solid {
        translation 0 0.2 0
        rotation 0 1 0 3.141592653589793
        children [
          DEF NODE Transform {
            translation 0 0 0.3
            rotation 0 0 1 3.141592653589793
            children [ Shape { geometry Cone { bottomRadius 0.05 height 0.1 } } ]
          }
        ]
      }
    }
  ]
}
"#;

#[test]
fn a_transform_behind_a_joint_in_a_turned_robot_has_its_pose_and_a_written_scale_changes_none_of_it() {
    let p = Project::new();
    p.world("chain.wbt", WORLD);
    p.controller("sv_pose_chain", "sv_pose_chain");
    let out = p.run("chain.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("supervisor"), ["sv_pose_chain: all checks passed at t=0.384"]);
    out.assert_no_messages();
}
