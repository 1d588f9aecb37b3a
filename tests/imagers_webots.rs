//! Webots' own API tests of the devices that see the world (camera, range finder, lidar, radar,
//! recognition), each reproduced by a C controller in a world of our own whose expected values come from
//! its geometry and Webots' documented rules.

mod common;

use common::Project;

fn passes(p: &Project, world: &str, needle: &str) {
    let out = p.run(world, &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has(needle);
}

const LIDAR_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Pose {
  translation 0 0 -0.1
  children [ Shape { appearance Appearance { material Material { } } geometry Plane { size 15 15 } } ]
}
Pose {
  translation 1 0.5 0
  children [ Shape { geometry Cylinder { height 3 radius 0.2 } } ]
}
Robot {
  controller "lidar_point_cloud_webots"
  children [
    Lidar { horizontalResolution 512 fieldOfView 1.8 verticalFieldOfView 0.1 numberOfLayers 3 maxRange 5 }
  ]
}
"#;

#[test]
fn webots_lidar_point_cloud_test_first_sample_after_its_period_on_visual_shapes() {
    let p = Project::new();
    p.controller("lidar_point_cloud_webots", "lidar_point_cloud_webots");
    p.world("lidar.wbt", LIDAR_WORLD);
    passes(&p, "lidar.wbt", "lidar point cloud test passed");
}

/// Planes 2 m ahead of a 90-degree range finder: a semi-transparent one in the middle, an opaque one to
/// the right (-y), a flat ElevationGrid turned upright below (z from -2.37 to -1.37); no bounding object.
const RANGE_FINDER_PLANAR: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Pose {
  translation 2 0 0
  rotation 0 1 0 1.5708
  children [ Shape { appearance Appearance { material Material { transparency 0.5 } } geometry Plane { } } ]
}
Pose {
  translation 2 -2 0
  rotation 0 1 0 1.5708
  children [ Shape { geometry Plane { } } ]
}
Pose {
  translation 2 -0.5 -1.37
  rotation 0 1 0 1.5708
  children [ Shape { geometry ElevationGrid { height [ 0 0 0 0 ] xDimension 2 yDimension 2 } } ]
}
Robot {
  controller "range_finder_webots"
  controllerArgs [ "planar" ]
  children [ RangeFinder { name "range-finder" fieldOfView 1.5708 maxRange 3 } ]
}
"#;

fn round_range_finder(projection: &str, height: u32) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Pose {{ translation 2 0 0 rotation 0 1 0 -1.5708 children [ Shape {{ geometry Plane {{ }} }} ] }}
Pose {{ translation -2 0 0 rotation 0 1 0 1.5708 children [ Shape {{ geometry Plane {{ }} }} ] }}
Robot {{
  controller "range_finder_webots"
  controllerArgs [ "{projection}" ]
  children [
    RangeFinder {{ name "range-finder" fieldOfView 6.28 width 256 height {height} projection "{projection}" maxRange 3 }}
  ]
}}
"#
    )
}

#[test]
fn webots_range_finder_tests_see_semi_transparent_planes_in_every_projection() {
    let p = Project::new();
    p.controller("range_finder_webots", "range_finder_webots");
    p.world("planar.wbt", RANGE_FINDER_PLANAR);
    passes(&p, "planar.wbt", "range finder planar test passed");
    p.world("spherical.wbt", &round_range_finder("spherical", 128));
    passes(&p, "spherical.wbt", "range finder spherical test passed");
    p.world("cylindrical.wbt", &round_range_finder("cylindrical", 127));
    passes(&p, "cylindrical.wbt", "range finder cylindrical test passed");
}
