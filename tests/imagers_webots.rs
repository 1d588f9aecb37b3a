//! Webots' own API tests of the devices that see the world (camera, range finder, lidar, radar,
//! recognition), each reproduced by a C controller in a world of our own whose expected values come from
//! its geometry and Webots' documented rules.

mod common;

use common::Project;

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
    p.run_printing("lidar.wbt", "lidar point cloud test passed");
}

/// Planes 2 m ahead of a 90-degree range finder: a semi-transparent one in the middle, an opaque one to
/// the right (-y), a flat ElevationGrid turned upright below (z from -2.37 to -1.37); no bounding object.
/// As in Webots' world, a plane 0.75 m ahead covers the top (z from 0.3 to 1.3), nearer than the range
/// finder's minRange of 1 m, and the range finder has a motionBlur.
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
Pose {
  translation 0.75 0 0.8
  rotation 0 1 0 1.5708
  children [ Shape { geometry Plane { } } ]
}
Robot {
  controller "range_finder_webots"
  controllerArgs [ "planar" ]
  children [ RangeFinder { name "range-finder" fieldOfView 1.5708 minRange 1 maxRange 3 motionBlur 32 } ]
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
    p.run_printing("planar.wbt", "range finder planar test passed");
    p.world("spherical.wbt", &round_range_finder("spherical", 128));
    p.run_printing("spherical.wbt", "range finder spherical test passed");
    p.world("cylindrical.wbt", &round_range_finder("cylindrical", 127));
    p.run_printing("cylindrical.wbt", "range finder cylindrical test passed");
}

/// A planar camera (256 × 256, 0.7854 rad, recognition to 5 m) at the origin looking along +x; its left
/// plane passes at y = x·tan 0.3927, its top at z = x·tan 0.3927.
const RECOGNITION_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid {
  translation 3 1.5674 0
  children [ Shape { geometry DEF BALL Sphere { radius 0.5 } } ]
  model "visible sphere"
  boundingObject USE BALL
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 2 0.3 0.3
  children [ Shape { geometry Sphere { radius 0.2 } } ]
  name "solid(1)"
  model "visible sphere without BO"
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 5.6 0 0
  children [ Shape { geometry USE BALL } ]
  name "solid(2)"
  model "sphere too far"
  boundingObject USE BALL
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation 5.4 0.5 0
  children [ Shape { geometry DEF SMALL Sphere { radius 0.3 } } ]
  name "solid(3)"
  model "sphere too far"
  boundingObject USE SMALL
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation 2 0 0
  children [ Shape { geometry DEF BAR Box { size 0.1 0.1 2 } } ]
  name "solid(4)"
  model "visible box"
  boundingObject USE BAR
  recognitionColors [ 0.75 0.2 0.2 ]
}
DEF GREEN_BOX Solid {
  translation 3 0 0
  children [ Shape { geometry DEF HIDDEN Box { size 0.1 0.1 0.5 } } ]
  name "solid(5)"
  model "occluded box"
  boundingObject USE HIDDEN
  recognitionColors [ 0 1 0, 1 0 1 ]
}
Solid {
  translation 2.5 -0.6 -0.3
  children [
    Shape { geometry DEF PARENT Box { size 0.1 0.9 0.1 } }
    Solid {
      translation 0 0 -0.3
      children [ Shape { geometry DEF CUBE Box { size 0.1 0.1 0.1 } } ]
      model "sub solid"
      boundingObject USE CUBE
      recognitionColors [ 1 0 0 ]
    }
  ]
  name "solid(6)"
  boundingObject USE PARENT
}
Solid {
  translation 3 -1.35 0
  rotation 1 0 0 1.5708
  children [ Shape { geometry DEF CAPSULE Capsule { height 1 radius 0.05 } } ]
  name "solid(7)"
  model "visible capsule"
  boundingObject USE CAPSULE
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 2.5 0.8 -0.5
  children [
    DEF ARM1 Shape { geometry Box { size 0.1 0.4 0.1 } }
    DEF ARM2 Pose { translation 0 0.15 0.15 children [ Shape { geometry Box { size 0.1 0.1 0.4 } } ] }
  ]
  name "solid(8)"
  model "composed solid"
  boundingObject Group { children [ USE ARM1 USE ARM2 ] }
  recognitionColors [ 1 0 0 ]
}
Solid {
  translation -2 0 0
  children [ Shape { geometry USE CAPSULE } ]
  name "solid(9)"
  model "invisible capsule"
  boundingObject USE CAPSULE
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation 2.19153 -1.19182 -1.00573
  rotation 1 -1 1 2.0944
  children [ Shape { geometry DEF SLAB Box { size 0.9 1.9 0.1 } } ]
  name "solid(10)"
  model "perpendicular box"
  boundingObject USE SLAB
  recognitionColors [ 0.75 0.2 0.2 ]
}
Robot {
  controller "recognition_webots"
  supervisor TRUE
  children [
    Camera { width 256 height 256 recognition DEF RECOGNITION Recognition { maxRange 5 occlusion 0 } }
  ]
}
"#;

#[test]
fn webots_camera_recognition_test_counts_partly_visible_and_nested_solids() {
    let p = Project::new();
    p.controller("recognition_webots", "recognition_webots");
    p.world("recognition.wbt", RECOGNITION_WORLD);
    p.run_printing("recognition.wbt", "camera recognition test passed");
}

/// Webots' nested_def_nodes world laid out along our axes: boxes on the y = 0 plane, distance sensors
/// 0.1 m away looking along -y (x and the height as in Webots' world, its up axis our z). Webots' two
/// infra-red sensors (ds5, ds6 here) see Shapes without bounding objects: copies of the red box in the
/// second Solid's plain Transforms, and of the yellow one in plain Transforms outside any Solid. A
/// generic one (ds4) watches the moved Transform's copy in the first Solid's bounding object.
const NESTED_DEF_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 16 }
DEF USE_CASE_1 Solid {
  children [
    DEF G Group {
      children [
        DEF T1 Transform {
          children [
            DEF S1 Shape {
              appearance Appearance { material Material { diffuseColor 0.988235 0.913725 0.309804 } }
              geometry DEF B1 Box { size 0.1 0.1 0.1 }
            }
          ]
        }
        DEF T2 Transform { translation 0.4 0 0 children [ USE S1 ] }
      ]
    }
  ]
  boundingObject USE G
}
DEF USE_CASE_2 Solid {
  translation 0 0 0.4
  children [
    DEF G1 Group {
      children [
        DEF T3 Transform {
          children [
            DEF S2 Shape {
              appearance Appearance { material Material { diffuseColor 0.937255 0.160784 0.160784 } }
              geometry DEF B2 Box { size 0.1 0.1 0.1 }
            }
          ]
        }
      ]
    }
    DEF G2 Group { children [ DEF T4 Transform { translation 0.4 0 0.3 children [ USE S2 ] } ] }
    DEF T5 Transform { translation 0 0 0.2 children [ USE T4 ] }
    Transform { translation 0 0 -0.5 children [ USE T5 ] }
  ]
  name "solid(2)"
  boundingObject Group { children [ USE T3 ] }
}
DEF USE_CASE_3 Transform { translation 0.4 0 0 children [ USE T2 ] }
DEF USE_CASE_4 Transform { translation 0.3 0 0 children [ USE USE_CASE_3 ] }
Robot {
  children [
    DistanceSensor { translation 0.075 0.1 0 rotation 0 0 1 -1.5708 name "ds1" }
    DistanceSensor { translation 0.475 0.1 0 rotation 0 0 1 -1.5708 name "ds2" }
    DistanceSensor { translation 0.075 0.1 0.4 rotation 0 0 1 -1.5708 name "ds3" }
    DistanceSensor { translation 0.4 0.1 -0.2 rotation 0 0 1 -1.5708 name "ds4" }
    DistanceSensor { translation 0.475 0.1 0.4 rotation 0 0 1 -1.5708 name "ds5" type "infra-red" }
    DistanceSensor { translation 1.2 0.1 -0.2 rotation 0 0 1 -1.5708 name "ds6" type "infra-red" }
  ]
  controller "nested_def_webots"
  supervisor TRUE
}
"#;

#[test]
fn webots_nested_def_nodes_test_a_changed_def_reaches_every_use_and_the_sensors() {
    let p = Project::new();
    p.controller("nested_def_webots", "nested_def_webots");
    p.world("nested.wbt", NESTED_DEF_WORLD);
    p.run_printing("nested.wbt", "nested def nodes test passed");
}

const PROTO_PARAM_WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Block [ field SFVec3f size 0.1 0.1 0.1 ] {
  Solid {
    children [ DEF GROUP Group { children [ Shape { geometry DEF B Box { size IS size } } ] } ]
    boundingObject USE GROUP
  }
}
WorldInfo { basicTimeStep 16 }
DEF BLOCK Block { }
Robot {
  children [ DistanceSensor { translation 0.075 0.1 0 rotation 0 0 1 -1.5708 name "ds" } ]
  controller "proto_param_webots"
  supervisor TRUE
}
"#;

#[test]
fn a_proto_parameter_changed_by_a_supervisor_reaches_a_nested_use_in_the_bounding_object() {
    let p = Project::new();
    p.controller("proto_param_webots", "proto_param_webots");
    p.world("proto.wbt", PROTO_PARAM_WORLD);
    p.run_printing("proto.wbt", "proto parameter test passed");
}

/// Webots' camera_image_update world along our axes: a 2 m plane 1 m ahead, lit only by a light's
/// ambient intensity 1 (intensity 0), its Material's ambient intensity 1.
const IMAGE_UPDATE_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Background { skyColor [ 0.4 0.7 1 ] }
PointLight { ambientIntensity 1 intensity 0 }
Pose {
  translation 1 0 0
  rotation 0 1 0 -1.5708
  children [
    Shape {
      appearance Appearance { material DEF MATERIAL Material { ambientIntensity 1 diffuseColor 1 1 1 } }
      geometry Plane { size 2 2 }
    }
  ]
}
Robot {
  children [
    Camera { name "camera0" width 2 height 2 near 0.2 zoom Zoom { maxFieldOfView 1.58 minFieldOfView 1.56 } }
    Camera { name "camera1" width 2 height 2 near 0.5 zoom Zoom { maxFieldOfView 1.58 minFieldOfView 1.56 } }
  ]
  controller "camera_webots"
  controllerArgs [ "image_update" ]
  supervisor TRUE
}
"#;

/// Webots' camera_color_exposure and camera_color_focus scene along our axes: a red box filling the
/// lower half of the default camera's view (its face 0.45 m ahead), two directional lights 45 degrees
/// off its face (along +x and down), each with ambient intensity 1; blue sky. `camera` is the rest of
/// the Camera node.
fn red_half(camera: &str, test: &str) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Background {{ skyColor [ 0 0 1 ] }}
DirectionalLight {{ ambientIntensity 1 direction 1 0 -1 }}
DirectionalLight {{ ambientIntensity 1 direction 1 0 -1 }}
Pose {{
  translation 0.5 0 -0.5
  children [ Shape {{ appearance Appearance {{ material Material {{ diffuseColor 1 0 0 }} }} geometry Box {{ size 0.1 1 1 }} }} ]
}}
Robot {{
  children [ Camera {{ {camera} }} ]
  controller "camera_webots"
  controllerArgs [ "{test}" ]
}}
"#
    )
}

/// supervisor_reset_simulation's camera: one pixel looking down at a red box under a light straight down.
const RED_BOX_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 8 }
Background { skyColor [ 0 0 1 ] }
DirectionalLight { direction 0 0 -1 }
Solid {
  children [ Shape { appearance Appearance { material Material { diffuseColor 1 0 0 } } geometry Box { size 0.8 0.9 0.1 } } ]
}
Robot {
  children [ Camera { translation 0 0 0.3 rotation 0 1 0 1.5708 width 1 height 1 } ]
  controller "camera_webots"
  controllerArgs [ "red_box" ]
}
"#;

/// robot_multiple_step's colours in our axes: 1-pixel cameras with a 0.1 rad view, one on a box whose
/// Appearance has no material (+x), one on a Shape without appearance (+y), one at exposure 0.5 on the
/// first box, one at the sky (-x), under a point light with an ambient intensity.
const UNLIT_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Background { skyColor [ 0.4 0.7 1 ] }
PointLight { ambientIntensity 1 intensity 0.4 location 0 0 0.5 }
Solid { translation 0.5 0 0 children [ Shape { appearance Appearance { } geometry Box { size 0.1 0.1 0.1 } } ] }
Solid { translation 0 0.5 0 name "bare" children [ Shape { geometry Box { size 0.1 0.1 0.1 } } ] }
Robot {
  children [
    Camera { name "plain" fieldOfView 0.1 width 1 height 1 }
    Camera { name "bare" rotation 0 0 1 1.5708 fieldOfView 0.1 width 1 height 1 }
    Camera { name "dim" exposure 0.5 fieldOfView 0.1 width 1 height 1 }
    Camera { name "sky" rotation 0 0 1 3.1416 fieldOfView 0.1 width 1 height 1 }
  ]
  controller "camera_webots"
  controllerArgs [ "unlit" ]
}
"#;

#[test]
fn webots_robot_multiple_step_colours_unlit_shapes_are_white_through_the_exposure() {
    let p = Project::new();
    p.controller("camera_webots", "camera_webots");
    p.world("unlit.wbt", UNLIT_WORLD);
    p.run_printing("unlit.wbt", "camera unlit test passed");
}

#[test]
fn webots_camera_tests_image_update_exposure_focus_and_a_lit_red_box() {
    let p = Project::new();
    p.controller("camera_webots", "camera_webots");
    p.world("update.wbt", IMAGE_UPDATE_WORLD);
    p.run_printing("update.wbt", "camera image_update test passed");
    // as Webots' world writes it: its Appearance also holds an ImageTexture without a url, which leaves
    // the material's colour as it is
    let with_texture =
        IMAGE_UPDATE_WORLD.replace("diffuseColor 1 1 1 } }", "diffuseColor 1 1 1 } texture ImageTexture { } }");
    assert_ne!(with_texture, IMAGE_UPDATE_WORLD);
    p.world("update_texture.wbt", &with_texture);
    let out = p.run_printing("update_texture.wbt", "camera image_update test passed");
    assert!(!out.stderr.contains("Warning"), "{}", out.stderr);
    p.world("exposure.wbt", &red_half("exposure 0.5", "exposure"));
    p.run_printing("exposure.wbt", "camera exposure test passed");
    // Webots' Focus: no focal distance, so no blur until the controller sets one
    p.world("focus.wbt", &red_half("focus Focus { focalLength 0.1 maxFocalDistance 0.2 }", "focus"));
    p.run_printing("focus.wbt", "camera focus test passed");
    p.world(
        "focus_on_box.wbt",
        &red_half("focus Focus { focalDistance 0.45 focalLength 0.1 maxFocalDistance 1 }", "focus_on_box"),
    );
    p.run_printing("focus_on_box.wbt", "camera focus_on_box test passed");
    p.world("red_box.wbt", RED_BOX_WORLD);
    p.run_printing("red_box.wbt", "camera red_box test passed");
}

/// Webots' billboard world, in our words: a small red box 2 m ahead in a Billboard's frame, no light.
const BILLBOARD_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF VIEWPOINT Viewpoint { }
Background { skyColor [ 0.15 0.45 1 ] }
Robot { controller "billboard_webots" supervisor TRUE }
Billboard {
  children [
    Pose {
      translation 2 0 0
      children [ Shape { appearance PBRAppearance { baseColor 1 0 0 roughness 1 metalness 0 } geometry Box { size 0.1 0.1 0.1 } } ]
    }
  ]
}
"#;

#[test]
fn webots_billboard_test_its_children_follow_the_viewpoint() {
    let p = Project::new();
    p.controller("billboard_webots", "billboard_webots");
    p.world("billboard.wbt", BILLBOARD_WORLD);
    p.run_printing("billboard.wbt", "billboard test passed");
    // the box is in the picture: 2 m ahead, 0.1 m wide, 0.1 / (2 · 2 tan(π/8)) · 640 = 38.6 pixels wide
    let (w, h, pixels) = common::read_png(&p.path().join("controllers/billboard_webots/image2.png"));
    let sky = [38, 115, 255, 255];
    assert_eq!(pixels[0], sky);
    assert_ne!(pixels[(h / 2 * w + w / 2) as usize], sky);
    assert_ne!(pixels[(h / 2 * w + w / 2 + 18) as usize], sky);
    assert_eq!(pixels[(h / 2 * w + w / 2 + 21) as usize], sky);
}

/// A wall 2 m ahead turned 0.3 rad, and a post in front of it to the left: what the lidars see.
const LIDAR_ROOM: &str = r#"
Pose { translation 2 0 0 rotation 0 0 1 0.3 children [ Shape { geometry Box { size 0.1 6 1 } } ] }
Pose { translation 1 0.5 0 children [ Shape { geometry Cylinder { height 1 radius 0.2 } } ] }
Pose { translation 0 0 -0.1 children [ Shape { geometry Plane { size 15 15 } } ] }
"#;

fn lidar_world(devices: &str, mode: &str) -> String {
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n{LIDAR_ROOM}\
         Robot {{ children [ {devices} ] controller \"lidar_range_webots\" controllerArgs [ \"{mode}\" ] }}\n"
    )
}

/// Webots' lidar_rotating: a fixed lidar (a quarter turn, 256 points) and a rotating one (1024 points
/// a turn) turned 45 degrees to the left, whose image starts straight ahead and turns right: its first
/// 256 points are the fixed lidar's.
#[test]
fn webots_lidar_rotating_test_the_first_quarter_of_a_turn_is_the_fixed_lidars_view() {
    let p = Project::new();
    p.controller("lidar_range_webots", "lidar_range_webots");
    let devices = r#"Lidar { horizontalResolution 256 fieldOfView 1.5708 verticalFieldOfView 0.1 numberOfLayers 1 maxRange 5 }
        Lidar { name "rotating lidar" rotation 0 0 1 0.785398 horizontalResolution 1024 fieldOfView 1.5708
          verticalFieldOfView 0.1 numberOfLayers 1 maxRange 5 type "rotating" defaultFrequency 1 }"#;
    p.world("rotating.wbt", &lidar_world(devices, "rotating"));
    p.run_printing("rotating.wbt", "rotating test passed");
    // as in Webots' world, the rotating lidar's head is a Solid whose 0.1 m box surrounds the lidar: the
    // lidar looks out through it (it sees the inside of no face)
    let head = devices.replace(
        "defaultFrequency 1 }",
        "defaultFrequency 1 rotatingHead Solid { children [ Shape { geometry Box { size 0.1 0.1 0.1 } } ] } }",
    );
    assert_ne!(head, devices);
    p.world("rotating_head.wbt", &lidar_world(&head, "rotating"));
    p.run_printing("rotating_head.wbt", "rotating test passed");
}

/// Webots' lidar_vs_range_finder: a one-row spherical range finder and a one-layer lidar, both 128
/// points over half a turn, read the same ranges.
#[test]
fn webots_lidar_vs_range_finder_test_both_read_the_same_ranges() {
    let p = Project::new();
    p.controller("lidar_range_webots", "lidar_range_webots");
    let devices = r#"RangeFinder { fieldOfView 3.14159 width 128 height 1 projection "spherical" maxRange 5 }
        Lidar { horizontalResolution 128 fieldOfView 3.14159 numberOfLayers 1 maxRange 5 }"#;
    p.world("vs.wbt", &lidar_world(devices, "vs_range_finder"));
    p.run_printing("vs.wbt", "vs_range_finder test passed");
    // Webots' world gives its range finder the cylindrical projection: one row is the same half turn
    let cylindrical = devices.replace("projection \"spherical\"", "projection \"cylindrical\"");
    assert_ne!(cylindrical, devices);
    p.world("vs_cylindrical.wbt", &lidar_world(&cylindrical, "vs_range_finder"));
    p.run_printing("vs_cylindrical.wbt", "vs_range_finder test passed");
}

/// Webots' range_finder_horizontal_spherical_projection: a cylindrical range finder (6.28 rad, 1000 ×
/// 80, ranges 4 to 10 m) 1.6 m above a flat floor reads one depth along a row, the floor's distance.
#[test]
fn webots_range_finder_horizontal_projection_test_a_row_over_a_floor_reads_one_depth() {
    let p = Project::new();
    p.controller("lidar_range_webots", "lidar_range_webots");
    let world = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Shape { geometry Plane { size 250 250 } }
Robot {
  translation 0 0 1
  children [ RangeFinder { translation 0 0 0.6 fieldOfView 6.28 width 1000 height 80 projection "cylindrical" minRange 4 maxRange 10 } ]
  controller "lidar_range_webots"
  controllerArgs [ "horizontal" ]
}
"#;
    p.world("horizontal.wbt", world);
    p.run_printing("horizontal.wbt", "horizontal test passed");
}

/// Webots' camera_revert, in a world of ours: a camera with noise on a turning hinge (no physics) finds a
/// green box at 40 degrees to its left, a red one at 150 and a blue one at 260, reloads the world after
/// the blue one and finds the same three images again, byte for byte.
const CAMERA_REVERT_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 16 }
Background { skyColor [ 0.4 0.7 1 ] }
DirectionalLight { ambientIntensity 1 direction 0.3 0.4 -1 }
Pose { translation 0.766 0.643 0 children [ Shape { appearance Appearance { material Material { diffuseColor 0 1 0 } } geometry Box { size 0.3 0.3 0.3 } } ] }
Pose { translation -0.866 0.5 0 children [ Shape { appearance Appearance { material Material { diffuseColor 1 0.1 0.1 } } geometry Box { size 0.3 0.3 0.3 } } ] }
Pose { translation -0.174 -0.985 0 children [ Shape { appearance Appearance { material Material { diffuseColor 0 0 1 } } geometry Box { size 0.3 0.3 0.3 } } ] }
Robot {
  children [
    HingeJoint {
      jointParameters HingeJointParameters { axis 0 0 1 }
      device [ RotationalMotor { name "motor" maxVelocity 10 } ]
      endPoint Solid { children [ Camera { width 64 height 48 noise 0.04 } ] }
    }
  ]
  controller "camera_revert_webots"
  supervisor TRUE
}
"#;

#[test]
fn webots_camera_revert_test_images_after_a_reload_are_the_same() {
    let p = Project::new();
    p.controller("camera_revert_webots", "camera_revert_webots");
    p.world("revert.wbt", CAMERA_REVERT_WORLD);
    p.run_printing("revert.wbt", "camera revert test passed");
    // Webots turns its robot by physics (wheels on a floor): the same run after a reload with the camera's
    // Solid a body the motor turns through the physics engine
    let bodily = CAMERA_REVERT_WORLD.replace(
        "endPoint Solid { children [ Camera { width 64 height 48 noise 0.04 } ] }",
        "endPoint Solid { children [ Camera { width 64 height 48 noise 0.04 } ] \
         boundingObject Box { size 0.05 0.05 0.05 } physics Physics { } }",
    );
    assert_ne!(bodily, CAMERA_REVERT_WORLD);
    p.world("revert_physics.wbt", &bodily);
    p.run_printing("revert_physics.wbt", "camera revert test passed");
}

#[test]
fn recognition_occlusion_one_ray_hides_what_covers_its_origin_and_corner_rays_only_what_covers_them_all() {
    // a planar camera at the origin looking along +x; a wall without recognition colours at x = 2 spans
    // y from -0.3 to 0.1. At x = 4: "half" (y -0.3 to 0.3) has its origin behind the wall but the way to its
    // corners at y = 0.3 passes it (y 0.15 at the wall); "hidden" (y -0.2 to 0, z ±0.1) lies wholly behind it
    // (its corners' ways meet the wall at y -0.1 to 0, z ±0.05); "clear" (y 0.5) is beside it
    let p = Project::new();
    p.controller("recognition_occlusion", "recognition_occlusion");
    p.world(
        "occlusion.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Solid { translation 2 -0.1 0 children [ Shape { geometry DEF WALL Box { size 0.1 0.4 1 } } ] name \"wall\" boundingObject USE WALL }\n\
         Solid { translation 4 0 0 children [ Shape { geometry DEF HALF Box { size 0.1 0.6 0.2 } } ] name \"half\" model \"half\" \
           boundingObject USE HALF recognitionColors [ 1 0 0 ] }\n\
         Solid { translation 4 -0.1 0 children [ Shape { geometry DEF HIDDEN Box { size 0.1 0.2 0.2 } } ] name \"hidden\" model \"hidden\" \
           boundingObject USE HIDDEN recognitionColors [ 0 1 0 ] }\n\
         Solid { translation 4 0.5 0 children [ Shape { geometry DEF CLEAR Box { size 0.1 0.2 0.2 } } ] name \"clear\" model \"clear\" \
           boundingObject USE CLEAR recognitionColors [ 0 0 1 ] }\n\
         Robot { controller \"recognition_occlusion\" supervisor TRUE children [ \
           Camera { width 256 height 256 recognition DEF RECOGNITION Recognition { maxRange 5 } } ] }\n",
    );
    let out = p.run("occlusion.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("robot"),
        ["occlusion 0: half hidden clear", "occlusion 1: clear", "occlusion 2: half clear"],
        "{}",
        out.stderr
    );
}

/// Webots' camera_recognition world seen from its round cameras, laid out in their frame: the cameras at
/// the origin looking along +x, z up; the same Solids (sizes, recognition colours, nesting) at the poses
/// Webots' world gives them relative to those cameras (Webots' test finds the occluded box at (-0.55, 0,
/// 0.43), the invisible capsule at (0.37, 1.65, 0.9) and the "perpendicular box" at (-0.528, -1.192,
/// -0.106), turned 120 degrees about (1, -1, 1), there).
const ROUND_RECOGNITION_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid {
  translation 2.42 -1.46 0.9
  rotation 0.5774 -0.5774 -0.5774 2.0944
  children [ Shape { geometry DEF BALL Sphere { radius 0.5 } } ]
  model "visible sphere"
  boundingObject USE BALL
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 1.15 -0.78 1.98
  children [ Shape { geometry Sphere { radius 0.2 } } ]
  name "solid(1)"
  model "visible sphere without BO"
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 2.79 0 0.9
  children [ Shape { geometry USE BALL } ]
  name "solid(2)"
  model "sphere too far"
  boundingObject USE BALL
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 2.65 1.34 0.9
  children [ Shape { geometry DEF SMALL Sphere { radius 0.3 } } ]
  name "solid(3)"
  model "sphere too far"
  boundingObject USE SMALL
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation -1.25 0 0.43
  rotation 0 -1 0 1.5708
  children [ Shape { geometry DEF PANEL Box { size 0.9 0.9 0.1 } } ]
  name "solid(4)"
  model "visible box"
  boundingObject USE PANEL
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation -0.55 0 0.43
  rotation 0.5774 -0.5774 -0.5774 2.0944
  children [ Shape { geometry DEF BAR Box { size 0.9 0.1 0.1 } } ]
  name "solid(5)"
  model "occluded box"
  boundingObject USE BAR
  recognitionColors [ 0 1 0, 1 0 1 ]
}
Solid {
  translation 0.77 0.08 1.47
  rotation 0.5774 -0.5774 -0.5774 2.0944
  children [
    Shape { geometry USE BAR }
    Solid {
      translation -0.4 -0.5 0
      rotation 0 0 1 1.5708
      children [ Shape { geometry USE BAR } ]
      model "sub solid"
      boundingObject USE BAR
      recognitionColors [ 1 0 0 ]
    }
  ]
  name "solid(6)"
  boundingObject USE BAR
}
Solid {
  translation 0.72 1.65 0.9
  rotation 0 -1 0 1.5708
  children [ DEF CAPSULE Pose { rotation 1 0 0 -1.5708 children [ Shape { geometry Capsule { height 1 radius 0.05 } } ] } ]
  name "solid(7)"
  model "visible capsule"
  boundingObject USE CAPSULE
  recognitionColors [ 0.75 0.2 0.2 ]
}
Solid {
  translation 1.1 0.73 1.79
  rotation 0.5774 -0.5774 -0.5774 2.0944
  children [
    DEF ARM1 Shape { geometry USE BAR }
    DEF ARM2 Pose { translation -0.4 -0.5 0 rotation 0 0 1 1.5708 children [ Shape { geometry USE BAR } ] }
  ]
  name "solid(8)"
  model "composed solid"
  boundingObject Group { children [ USE ARM1 USE ARM2 ] }
  recognitionColors [ 1 0 0 ]
}
Solid {
  translation 0.37 1.65 0.9
  rotation 0.5774 -0.5774 -0.5774 2.0944
  children [ USE CAPSULE ]
  name "solid(9)"
  model "invisible capsule"
  boundingObject USE CAPSULE
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation -0.52847 -1.19183 -0.10572
  rotation 1 -1 1 2.0944
  children [ Shape { geometry DEF SLAB Box { size 0.9 1.9 0.1 } } ]
  name "solid(10)"
  model "perpendicular box"
  boundingObject USE SLAB
  recognitionColors [ 0.75 0.2 0.2 ]
}
Robot {
  controller "recognition_round"
  supervisor TRUE
  children [
    Camera { name "spherical" fieldOfView 6.28 width 256 height 256 projection "spherical"
      recognition DEF SPHERICAL Recognition { maxRange 5 occlusion 2 } }
    Camera { name "cylindrical" fieldOfView 3 width 256 height 256 projection "cylindrical"
      recognition DEF CYLINDRICAL Recognition { maxRange 5 occlusion 2 } }
  ]
}
"#;

#[test]
fn webots_camera_recognition_test_round_cameras_count_eleven_and_nine_and_place_the_perpendicular_box() {
    // Webots asserts 11 (spherical) and 9 (cylindrical) at the first step, occlusion 2: rays to its box's
    // corners reach the composed solid past the Solid in front of its origin, which hides it from the one
    // ray of occlusion 1. The perpendicular box, its middle behind the cameras' plane, is reported where it
    // is (its centre and its rotation in the cameras' frame), as Webots' test checks for both cameras.
    let p = Project::new();
    p.controller("recognition_round", "recognition_round");
    p.world("round.wbt", ROUND_RECOGNITION_WORLD);
    let out = p.run("round.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("robot"),
        [
            "occlusion 2: spherical 11 cylindrical 9",
            "spherical perpendicular box at -0.528 -1.192 -0.106 rotation 0.577 -0.577 0.577 2.094",
            "cylindrical perpendicular box at -0.528 -1.192 -0.106 rotation 0.577 -0.577 0.577 2.094",
            "occlusion 1: spherical 10 cylindrical 8"
        ],
        "{}",
        out.stderr
    );
}

/// Webots' camera_recognition test after its removals, seen from its round cameras (the world above, both
/// Recognitions with segmentation): the seven Solids Webots' planar camera sees are removed; the spherical
/// camera then recognizes 4 objects, the cylindrical one 3, and both report the occluded box and the
/// invisible capsule as Webots' test expects: where the layout puts them, their size Webots' way (the
/// visible box's extents along the camera's x and y), their size and place on the image within Webots' 1
/// pixel (the spherical image is Webots' fisheye, the cylindrical one linear in both angles), and the
/// segmentation colours Webots checks: the occluded box, its colour turned grey 0.5, at (69, 47) of the
/// spherical image, the capsule blue at (13, 92) of the cylindrical one.
#[test]
fn webots_camera_recognition_test_round_cameras_after_the_removals_place_the_occluded_box_and_the_capsule() {
    let p = Project::new();
    p.controller("recognition_round_removed", "recognition_round_removed");
    let world = ROUND_RECOGNITION_WORLD
        .replace(
            "controller \"recognition_round\"",
            "controller \"recognition_round_removed\" controllerArgs [ \"69\" \"47\" \"13\" \"92\" ]",
        )
        .replace("occlusion 2 }", "occlusion 2 segmentation TRUE }")
        .replace("Solid {\n  translation -0.55 0 0.43", "DEF GREEN_BOX Solid {\n  translation -0.55 0 0.43");
    p.world("round_removed.wbt", &world);
    let out = p.run("round_removed.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("robot");
    let numbers = |prefix: &str| -> Vec<f64> {
        let line = lines.iter().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("no {prefix:?} in {lines:?}"));
        line[prefix.len()..].split_whitespace().filter_map(|w| w.parse().ok()).collect()
    };
    assert_eq!(lines[..2], ["removed 7", "spherical 4"], "{lines:?}");
    assert!(lines.contains(&"cylindrical 3".to_string()), "{lines:?}");
    // position (the layout's), rotation, size, size on the image, place on the image
    let turned = [0.577, -0.577, -0.577, 2.094];
    let objects = [
        ("spherical occluded box at", [-0.55, 0.0, 0.43], [0.1, 0.9], [146.0, 42.0, 128.0, 47.0]),
        ("spherical invisible capsule at", [0.37, 1.65, 0.9], [0.1, 0.1], [14.0, 28.0, 79.0, 102.0]),
        ("cylindrical invisible capsule at", [0.37, 1.65, 0.9], [0.1, 0.1], [6.0, 45.0, 12.0, 88.0]),
    ];
    for (prefix, position, size, image) in objects {
        let n = numbers(prefix);
        assert_eq!(n.len(), 13, "{prefix}: {n:?}");
        let close = |a: &[f64], b: &[f64], tol: f64| a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tol);
        assert!(close(&n[..3], &position, 1e-9) && close(&n[3..7], &turned, 1e-9), "{prefix}: {n:?}");
        assert!(close(&n[7..9], &size, 1e-9), "{prefix} size: {n:?}");
        assert!(close(&n[9..], &image, 1.0), "{prefix} on the image: {n:?}, Webots {image:?}");
    }
    // grey 0.5 is 127.5, drawn 128 (Webots' 127 within its 2)
    assert!(lines.contains(&"spherical segmentation at 69 47: 128 128 128".to_string()), "{lines:?}");
    assert!(lines.contains(&"cylindrical segmentation at 13 92: 0 0 255".to_string()), "{lines:?}");
}
