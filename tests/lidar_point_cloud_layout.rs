//! Webots' `tests/api` world `lidar_point_cloud` as Webots writes it (an R2023b NUE world whose Lidar
//! was not turned when the world was converted): the lidar's own frame still has x forward and z as its
//! "up", so in a world whose up is y its 1.8 rad scan sweeps a vertical fan and its three layers lie
//! side by side. Turned 0.15 rad about y, its point 450 looks 0.684 rad below the horizon at the ground
//! 0.1 m down; Webots checks that layer 0 (0.05 rad off the middle layer) meets it farther than layer 1.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2023b utf8
WorldInfo { coordinateSystem "NUE" }
DEF INCLINED_PLANE Pose {
  translation 1 0 -2
  rotation -1 0 0 0.57079632679
  children [ Shape { appearance Appearance { material Material { diffuseColor 0.2 0.3 1 } } geometry Plane { } } ]
}
DEF CYLINDER Pose {
  translation -1 0 -1
  rotation 1 0 0 -1.57079632679
  children [ Shape { appearance Appearance { material Material { diffuseColor 1 0.1 0.1 } } geometry Cylinder { height 3 radius 0.2 } } ]
}
DEF GROUND Pose {
  translation 0 -0.1 0
  rotation 1 0 0 -1.57079632679
  children [ Shape { appearance Appearance { material Material { } } geometry Plane { size 15 15 } } ]
}
Robot {
  controller "lidar_layers_at"
  controllerArgs [ "450" ]
  children [ Lidar { rotation 0 1 0 0.15 fieldOfView 1.8 verticalFieldOfView 0.1 numberOfLayers 3 maxRange 5 } ]
}
"#;

#[test]
fn a_lidar_in_webots_nue_world_scans_a_vertical_fan_whose_outer_layers_meet_the_ground_farther() {
    let p = Project::new();
    p.controller("lidar_layers_at", "lidar_layers_at");
    p.world("lidar_point_cloud.wbt", WORLD);
    let out = p.run("lidar_point_cloud.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_no_messages();
    let lines = out.robot_lines("robot");
    assert_eq!(lines[0], "resolution 512", "{lines:?}");
    let range = |layer: usize| -> f64 {
        lines[1 + layer]
            .strip_prefix(&format!("layer {layer} "))
            .unwrap_or_else(|| panic!("{lines:?}"))
            .parse()
            .unwrap()
    };
    // point 450 of 512 over 1.8 rad, from the left (+y of the lidar, up here): its angle from the lidar's x
    let theta: f64 = -(2.0 * 450.5 / 512.0 - 1.0) * 0.9;
    // a layer `phi` off the middle one goes down by cos(phi)·sin(theta); the turn about y keeps the height
    let ground = |phi: f64| 0.1 / (phi.cos() * theta.sin().abs());
    for (layer, phi) in [(0, 0.05), (1, 0.0), (2, -0.05)] {
        let got = range(layer);
        assert!((got - ground(phi)).abs() < 1e-3, "layer {layer}: {got}, ground at {}", ground(phi));
    }
    // Webots' assertion
    assert!(range(0) > range(1), "{lines:?}");
}
