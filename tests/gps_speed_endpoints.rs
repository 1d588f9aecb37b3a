//! Webots' `tests/api` world `gps_speed` as Webots builds it: the two GPS sit on slider end points that
//! their Solids' `linearVelocity` field sets going at 5 m/s along the slider's axis, one body with
//! Physics (its speed is the body's velocity from the first sample) and one without (its speed comes from
//! the move between two samples, so NaN at the first). Rebuilt in ENU (Webots' world is NUE: its z is our
//! x, its x our y).

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  name "speeds"
  controller "gps_speeds"
  children [
    SliderJoint {
      jointParameters JointParameters { axis 0 1 0 }
      endPoint Solid {
        name "without physics"
        linearVelocity 0 -5 0
        children [ GPS { name "gps_without_physics" } ]
      }
    }
    SliderJoint {
      jointParameters JointParameters { axis 1 0 0 }
      endPoint Solid {
        name "with physics"
        linearVelocity -5 0 0
        physics Physics { }
        children [ GPS { name "gps_with_physics" } ]
      }
    }
  ]
}
"#;

#[test]
fn gps_on_slider_end_points_set_going_by_linear_velocity_read_5_m_s_when_webots_says() {
    let p = Project::new();
    p.world("gps_speed.wbt", WORLD);
    p.controller("gps_speeds", "gps_speeds");
    let out = p.run("gps_speed.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("speeds"),
        [
            "disabled dynamic: nan [nan nan nan]",
            "disabled kinematic: nan [nan nan nan]",
            "enabled dynamic: nan [nan nan nan]",
            "enabled kinematic: nan [nan nan nan]",
            "step 1 dynamic: 5.000000 [-5.000000 0.000000 0.000000]",
            "step 1 kinematic: nan [nan nan nan]",
            "step 2 dynamic: 5.000000 [-5.000000 0.000000 0.000000]",
            "step 2 kinematic: 5.000000 [0.000000 -5.000000 0.000000]",
        ],
        "{}",
        out.stderr
    );
}
