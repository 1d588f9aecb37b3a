//! Webots' `tests/api` world `supervisor_reset_transform`: frames nested in frames (a Pose in a Pose, a
//! Solid in a Pose, a Solid in a Pose in a Group) follow their outer frame when a supervisor moves it,
//! come back to the world file's places after a simulation reset, follow it again after the reset and
//! after a state is saved, and come back to where they were saved when that state is loaded. (Webots once
//! reported an inner node's position wrongly after a reset.)

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 8 }
DEF OUT_A Pose {
  children [ DEF IN_A Pose { translation 0 0 1 children [ Shape { geometry Box { size 1 1 1 } } ] } ]
}
DEF OUT_B Pose {
  translation 2 0 0
  children [ DEF IN_B Solid { translation 0 0 1 children [ Shape { geometry Box { size 1 1 1 } } ] } ]
}
Group {
  children [
    DEF OUT_C Pose {
      translation 4 0 0
      children [ DEF IN_C Solid { translation 0 0 1 name "c" children [ Shape { geometry Box { size 1 1 1 } } ] } ]
    }
  ]
}
Robot { name "mover" controller "reset_nested_poses" supervisor TRUE }
"#;

#[test]
fn nested_frames_follow_their_outer_frame_before_and_after_a_reset_which_brings_them_back() {
    let p = Project::new();
    p.world("nested.wbt", WORLD);
    p.controller("reset_nested_poses", "reset_nested_poses");
    let out = p.run("nested.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("mover"),
        [
            "start: outer frames at z=0, inner nodes at z=1",
            "moved: outer frames at z=5, inner nodes at z=6",
            "reset: outer frames at z=0, inner nodes at z=1",
            "moved after the reset: outer frames at z=5, inner nodes at z=6",
            "moved after a save: outer frames at z=10, inner nodes at z=11",
            "saved state loaded: outer frames at z=5, inner nodes at z=6",
        ]
    );
    out.assert_no_messages();
}
