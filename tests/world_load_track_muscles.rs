//! Webots' `tests/api` world `track_animated_geometry_muscles`: a supervisor in a world with a Track
//! (a TrackWheel and an animatedGeometry) loads a world whose motor has a Muscle, and that world runs.
//! (Webots crashed there once, its belt's frame listener carried over from the first world.)

mod common;

use common::Project;

const TRACK_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  name "loader"
  controller "sv_load"
  controllerArgs [ "../../worlds/muscle.wbt" ]
  supervisor TRUE
  children [ Track { children [ TrackWheel { } ] animatedGeometry Shape { } } ]
}
"#;

const MUSCLE_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  name "quitter"
  controller "sv_quit"
  controllerArgs [ "0" ]
  supervisor TRUE
  children [
    SliderJoint {
      jointParameters JointParameters { axis 1 0 0 }
      device [ LinearMotor { name "m" muscles [ Muscle { } ] } ]
      endPoint Solid { translation 0.3 0 0 children [ Shape { geometry Box { size 0.1 0.1 0.1 } } ] }
    }
  ]
}
"#;

#[test]
fn a_world_with_an_animated_track_loads_a_world_with_a_muscle_which_runs() {
    let p = Project::new();
    p.world("track.wbt", TRACK_WORLD);
    p.world("muscle.wbt", MUSCLE_WORLD);
    p.controller("sv_load", "sv_load");
    p.controller("sv_quit", "sv_quit");
    let out = p.run("track.wbt", &[]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("loader"), ["sv_load: left at 0.032"]);
    assert_eq!(
        out.robot_lines("quitter"),
        ["sv_quit: quit(0) returned at t=0.064", "sv_quit: step returned -1 at t=0.064"]
    );
    out.assert_stderr_has("webots-shim: loading the world ");
    out.assert_no_messages();
}
