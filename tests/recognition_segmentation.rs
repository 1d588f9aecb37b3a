//! The segmentation part of Webots' camera_recognition API test, in a world of our own: a planar camera
//! (64 × 64, 0.7854 rad), a spherical (3.14 rad) and a cylindrical one (1.5 rad) at the origin looking
//! along +x (z up), each with a Recognition (maxRange 3, segmentation TRUE). In view: a green box (0.8 m,
//! colours green then magenta) straight ahead at 2.5 m, a red sphere (colour 0.8 0.2 0.2) to the left, a
//! small box without recognition colours in front of the green box's left part, and a blue sphere to the
//! right 4.7 m away, beyond maxRange. The controller (tests/c/recognition_segmentation.c) walks Webots'
//! segmentation steps; the pixels it checks are worked out here from the geometry, each at least 2 pixels
//! inside its object's silhouette. As Webots' test expects of its "sphere too far" (blue at (52, 124) in
//! its planar image, 5.5 m away with maxRange 5), the segmentation image paints every visible Solid with
//! recognition colours, recognized or not.
//!
//! A second test runs Webots' planar checks (counts, segmentation pixels, the removals) in Webots' own
//! layout seen from its planar camera, with Webots' values and tolerances.

mod common;

use common::Project;

const WIDTH: f64 = 64.0;
/// A Camera's default fieldOfView, as Webots writes it
#[allow(clippy::approx_constant)]
const FOV: f64 = 0.7854;

/// The planar camera's column (or row, for -z / x) holding the direction whose left offset is
/// `left_over_ahead` (y / x): pixel i spans [2i / w - 1, 2(i + 1) / w - 1] of the image plane at
/// tan(fov / 2), left to right.
fn pixel(left_over_ahead: f64) -> i32 {
    let ndc = -left_over_ahead / (FOV / 2.0).tan();
    ((ndc + 1.0) * WIDTH / 2.0).floor() as i32
}

/// Half the width of a sphere of `radius` at `distance`, in planar pixels near the image centre.
fn sphere_half_pixels(radius: f64, distance: f64) -> f64 {
    (radius / distance).asin().tan() / (FOV / 2.0).tan() * WIDTH / 2.0
}

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF GREEN_BOX Solid {
  translation 2.5 0 0
  children [ Shape { geometry DEF CUBE Box { size 0.8 0.8 0.8 } } ]
  model "green box"
  boundingObject USE CUBE
  recognitionColors [ 0 1 0, 1 0 1 ]
}
Solid {
  translation 2 0.6 0
  children [ Shape { geometry DEF BALL Sphere { radius 0.25 } } ]
  name "red"
  model "red sphere"
  boundingObject USE BALL
  recognitionColors [ 0.8 0.2 0.2 ]
}
Solid {
  translation 1.5 0.25 0
  children [ Shape { geometry DEF PLAIN Box { size 0.2 0.2 0.2 } } ]
  name "plain"
  boundingObject USE PLAIN
}
Solid {
  translation 4.5 -1.2 0
  children [ Shape { geometry DEF FAR Sphere { radius 0.4 } } ]
  name "far"
  model "far sphere"
  boundingObject USE FAR
  recognitionColors [ 0 0 1 ]
}
Robot {
  controller "recognition_segmentation"
  controllerArgs [ ARGS ]
  supervisor TRUE
  children [
    Camera { width 64 height 64 recognition DEF RECOGNITION Recognition { maxRange 3 segmentation TRUE } }
    Camera { name "spherical" width 64 height 64 fieldOfView 3.14 projection "spherical" recognition Recognition { maxRange 3 segmentation TRUE } }
    Camera { name "cylindrical" width 64 height 64 fieldOfView 1.5 projection "cylindrical" recognition Recognition { maxRange 3 segmentation TRUE } }
  ]
}
"#;

#[test]
fn webots_camera_recognition_segmentation_paints_every_visible_coloured_solid_and_follows_its_fields() {
    // the green box's front face (x = 2.1) spans y and z in ±0.4: ±0.19 of the way, ±14.7 pixels
    let green = pixel(0.0);
    let green_half = 0.4 / 2.1 / (FOV / 2.0).tan() * WIDTH / 2.0;
    // the red sphere's centre is 2.088 m away at y / x = 0.3; its radius 0.25 is about 9 pixels
    let red = pixel(0.3);
    let red_half = sphere_half_pixels(0.25, 2.0f64.hypot(0.6));
    // the small box's front face (x = 1.4) spans y in [0.15, 0.35]: y / x in [0.107, 0.25]; its centre
    // direction is y / x = 0.25 / 1.5
    let plain = pixel(0.25 / 1.5);
    let (plain_lo, plain_hi) = (pixel(0.25), pixel(0.15 / 1.4));
    // the blue sphere's centre is 4.66 m away at y / x = -0.267; radius 0.4; its nearest point is 4.26 m
    // away, beyond maxRange 3; its centre's pixel is right of the green box's right edge
    let far = pixel(-1.2 / 4.5);
    let far_half = sphere_half_pixels(0.4, 4.5f64.hypot(1.2));
    assert_eq!((green, red, plain, far), (32, 8, 19, 52));
    for (centre, half) in [(green, green_half), (red, red_half), (far, far_half)] {
        assert!(half > 6.0, "{centre}: {half}");
    }
    assert!(plain - plain_lo >= 2 && plain_hi - plain >= 2, "{plain_lo} {plain} {plain_hi}");
    assert!(f64::from(green) + green_half + 2.0 < f64::from(far));
    // the row: pixel 32 looks 0.0129 below the axis, inside every object's height there; row 60 looks 0.36
    // below it, under the green box (0.19 at most)
    let row = pixel(0.0);
    let below = 60;
    assert!(-f64::from(below + 1 - 32) / 32.0 * (FOV / 2.0).tan() < -0.4 / 2.1);
    // the round cameras' centre pixel (32, 32) looks within 0.05 rad of the axis, inside the green box's
    // ±0.19 rad (its front face seen from the origin)
    let args = [green, red, plain, far, row, 32, 32, below].map(|a| format!("\"{a}\"")).join(" ");
    let p = Project::new();
    p.controller("recognition_segmentation", "recognition_segmentation");
    p.world("segmentation.wbt", &WORLD.replace("ARGS", &args));
    let out = p.run_printing("segmentation.wbt", "segmentation test passed");
    // the two reads of a disabled segmentation image complain, as Webots does
    let complaint = "Error: wb_camera_recognition_get_segmentation_image(): segmentation is disabled! Please use: \
                     wb_camera_recognition_enable_segmentation().";
    assert_eq!(out.stderr.matches(complaint).count(), 2, "{}", out.stderr);
}

/// Webots' camera_recognition world seen from its planar camera: the camera (256 × 256, recognition to 5
/// m, occlusion 0, segmentation) at the origin looking along +x, z up, and Webots' Solids (sizes,
/// recognition colours, nesting) at the poses its world gives them relative to that camera (its robot's
/// and camera's turns undone: the visible sphere 5.14 m ahead, 1.46 m to the right, and so on; worked out
/// from the world's translations and rotations).
const WEBOTS_PLANAR_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid {
  translation 5.140006 -1.45998 0.000005
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [ Shape { geometry DEF SPHERE Sphere { radius 0.5 } } ]
  model "visible sphere"
  boundingObject USE SPHERE
  recognitionColors [ 0.756863 0.207843 0.207843 ]
}
Solid {
  translation 3.870007 -0.779981 1.080006
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [ Shape { geometry Sphere { radius 0.2 } } ]
  name "solid(1)"
  model "visible sphere without BO"
  recognitionColors [ 0.756863 0.207843 0.207843 ]
}
Solid {
  translation 5.51 0.000016 -0.000016
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [ Shape { geometry USE SPHERE } ]
  name "solid(2)"
  model "sphere too far"
  boundingObject USE SPHERE
  recognitionColors [ 0.756863 0.207843 0.207843 ]
}
Solid {
  translation 5.369996 1.340029 -0.00001
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [ Shape { geometry DEF SMALL Sphere { radius 0.3 } } ]
  name "solid(3)"
  model "sphere too far"
  boundingObject USE SMALL
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation 1.470006 0.000002 -0.470004
  rotation 0 -1 0.000002 1.570793
  children [ Shape { geometry DEF PANEL Box { size 0.9 0.9 0.1 } } ]
  name "solid(4)"
  model "visible box"
  boundingObject USE PANEL
  recognitionColors [ 0.756863 0.207843 0.207843 ]
}
DEF GREEN_BOX Solid {
  translation 2.169996 0.000006 -0.470011
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [ Shape { geometry DEF BAR Box { size 0.9 0.1 0.1 } } ]
  name "solid(5)"
  model "occluded box"
  boundingObject USE BAR
  recognitionColors [ 0 1 0, 1 0 1 ]
}
Solid {
  translation 3.490003 0.080011 0.569985
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [
    Shape { geometry USE BAR }
    Solid {
      translation -0.4 -0.5 0
      rotation 0 0 1 1.5708003
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
  translation 3.439996 1.650007 -0.000015
  rotation 0 -1 0.000002 1.570793
  children [ DEF CAPSULE Pose { rotation 1 0 0 -1.57079632679 children [ Shape { geometry Capsule { height 1 radius 0.05 } } ] } ]
  name "solid(7)"
  model "visible capsule"
  boundingObject USE CAPSULE
  recognitionColors [ 0.756863 0.207843 0.207843 ]
}
Solid {
  translation 3.820002 0.730013 0.889982
  rotation 0.57735 -0.57735 -0.57735 2.09439
  children [
    DEF SHAPE1 Shape { geometry USE BAR }
    DEF SHAPE2 Pose { translation -0.4 -0.5 0 rotation 0 0 1 1.5708003 children [ Shape { geometry USE BAR } ] }
  ]
  name "solid(8)"
  model "composed solid"
  boundingObject Group { children [ USE SHAPE1 USE SHAPE2 ] }
  recognitionColors [ 1 0 0 ]
}
Solid {
  translation 3.089996 1.650006 -0.000014
  rotation 0.577349 -0.577349 -0.577352 2.094391
  children [ USE CAPSULE ]
  name "solid(9)"
  model "invisible capsule"
  boundingObject USE CAPSULE
  recognitionColors [ 0 0 1 ]
}
Solid {
  translation 2.191527 -1.191821 -1.005731
  rotation 0.577352 -0.577349 0.57735 2.094393
  children [ Shape { geometry DEF SLAB Box { size 0.9 1.9 0.1 } } ]
  name "solid(10)"
  model "perpendicular box"
  boundingObject USE SLAB
  recognitionColors [ 0.756863 0.207843 0.207843 ]
}
Robot {
  controller "recognition_planar_webots"
  supervisor TRUE
  children [
    Camera { width 256 height 256 recognition DEF RECOGNITION Recognition { maxRange 5 occlusion 0 segmentation TRUE } }
  ]
}
"#;

/// Webots' planar camera_recognition checks in its own layout, with its values and tolerances: 8 objects,
/// then 7 with occlusion 2; on the segmentation image the visible sphere in its colour at (215, 124), the
/// composed solid's red at (35, 71), nothing at (95, 77), the blue sphere too far to be recognized at (52,
/// 124); the sphere without bounding object placed at (189, 41); after the removals the occluded box
/// alone with its two colours, green at (124, 200) of the segmentation image, then grey once its colour
/// is changed.
#[test]
fn webots_camera_recognition_test_planar_checks_in_webots_layout() {
    let p = Project::new();
    p.controller("recognition_planar_webots", "recognition_planar_webots");
    p.world("planar.wbt", WEBOTS_PLANAR_WORLD);
    p.run_printing("planar.wbt", "planar recognition test passed");
}
