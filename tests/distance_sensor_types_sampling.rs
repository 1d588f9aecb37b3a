//! Webots' `tests/api` world `distance_sensor_enable_disable` with its four sensors: NaN before the first
//! sample of each, a generic sensor sampled every third step, a sonar, a generic and a laser sensor every
//! step; the sonar and the laser disabled when the robot moves keep their last value, the generic one
//! sampled every step reads the new distance at the next step, the slow one at its next sample. The
//! default lookup table [0 0, 0.1 1000] reads 10 000 per metre: a wall face 0.05 m ahead reads 500, 0.08 m
//! reads 800.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid { translation 0.1 0 0.1 boundingObject Box { size 0.1 1 1 } }
Robot {
  name "r"
  translation 0 0 0.1
  supervisor TRUE
  controller "ds_types_sampling"
  children [
    DistanceSensor { name "generic" }
    DistanceSensor { name "sonar" type "sonar" }
    DistanceSensor { name "infra-red" }
    DistanceSensor { name "laser" type "laser" }
  ]
}
"#;

#[test]
fn sonar_and_laser_disabled_keep_their_value_and_enabled_sensors_read_a_move_at_their_next_sample() {
    let p = Project::new();
    p.world("ds.wbt", WORLD);
    p.controller("ds_types_sampling", "ds_types_sampling");
    let out = p.run("ds.wbt", &["--until", "0.5"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("r"),
        [
            "before enable: generic nan sonar nan infra-red nan laser nan",
            "step 1: generic nan sonar 500 infra-red 500 laser 500",
            "step 2: generic nan sonar 500 infra-red 500 laser 500",
            "step 3: generic 500 sonar 500 infra-red 500 laser 500",
            "step 4: generic 500 sonar 500 infra-red 800 laser 500",
            "step 5: generic 500 sonar 500 infra-red 800 laser 500",
            "step 6: generic 800 sonar 500 infra-red 800 laser 500",
        ],
        "{}",
        out.stderr
    );
}
