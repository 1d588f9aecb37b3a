//! Range finders, lidars, cameras and altimeters as a Webots user sees them: values computed from the
//! geometry of a small world (a red box 1 m ahead of the robot), saved images, misuse messages.

mod common;

use common::{Project, RunOutput};

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Background { skyColor [ 0 0 1 ] }
Robot {
  translation 0 0 0.5
  controller "imagers_probe"
  children [
    RangeFinder { name "depth" width 9 height 5 fieldOfView 1.0 maxRange 2 }
    Lidar { name "lidar" horizontalResolution 9 fieldOfView 1.0 numberOfLayers 3 verticalFieldOfView 0.1 maxRange 2 }
    Camera { name "camera" width 16 height 16 recognition Recognition { segmentation TRUE } }
    Camera { name "plain camera" }
    Altimeter { }
  ]
}
Solid {
  translation 1 0 0.5
  model "red box"
  recognitionColors [ 1 0 0 ]
  children [ Shape { appearance Appearance { material Material { diffuseColor 1 0 0 emissiveColor 1 0 0 } } geometry Box { size 0.2 0.2 0.2 } } ]
  boundingObject Box { size 0.2 0.2 0.2 }
}
"#;

fn value(line: &str, key: &str) -> f64 {
    line.split_whitespace().skip_while(|w| *w != key).nth(1).unwrap().parse().unwrap()
}

#[test]
fn imagers_see_the_box_where_the_geometry_puts_it() {
    let p = Project::new();
    p.world("imagers.wbt", WORLD);
    p.controller("imagers_probe", "imagers_probe");
    check_imagers(&p, &p.run("imagers.wbt", &[]));
}

#[test]
fn imagers_see_the_box_where_the_geometry_puts_it_from_python() {
    let p = Project::new();
    p.world("imagers.wbt", WORLD);
    p.python_controller("imagers_probe", "imagers_probe");
    let out = p.run_with_home("imagers.wbt", &[]);
    check_imagers(&p, &out);
    // the segmentation image the Python probe saved: the box is red in it
    let (w, _, pixels) = common::read_png(&p.path().join("controllers/imagers_probe/segmentation.png"));
    assert_eq!(pixels[8 * w as usize + 8][..3], [255, 0, 0]);
    out.assert_stderr_has(
        "[robot] Error: RangeFinder.getRangeImage(): `data_type` cannot be `numpy`! Supported values are 'list' and \
         'buffer'.",
    );
}

#[test]
fn imagers_see_the_box_where_the_geometry_puts_it_from_java() {
    let p = Project::new();
    p.world("imagers.wbt", WORLD);
    p.java_controller("imagers_probe", "imagers_probe");
    check_imagers(&p, &p.run_with_home("imagers.wbt", &[]));
}

/// What `imagers_probe` (C, Python or Java) prints and saves in `WORLD`, and the library's misuse messages.
fn check_imagers(p: &Project, out: &RunOutput) {
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("robot");
    let find =
        |prefix: &str| lines.iter().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("{prefix}: {lines:?}"));

    // the range finder's centre ray meets the box's near face, 0.9 m ahead; a corner ray meets nothing
    let depth = find("depth");
    assert!((value(depth, "centre") - 0.9).abs() < 1e-6, "{depth}");
    assert_eq!(value(depth, "corner"), f64::INFINITY);

    // the lidar's middle layer: the middle ray at 0.9, the outer ones (±0.44 rad) miss the 0.2 m box
    let scan: Vec<f64> =
        find("lidar middle").split(':').nth(1).unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
    assert!((scan[4] - 0.9).abs() < 1e-4, "{scan:?}");
    assert!(scan[0].is_infinite() && scan[8].is_infinite(), "{scan:?}");
    let point: Vec<f64> = find("lidar point").split_whitespace().skip(2).take(3).map(|v| v.parse().unwrap()).collect();
    assert!((point[0] - 0.9).abs() < 1e-4 && point[1].abs() < 1e-4 && point[2].abs() < 1e-4, "{point:?}");
    assert!(find("lidar point").ends_with("layer 1"));

    // the camera sees the red box in its middle and the sky colour in its corner; the box glows red in a
    // world without lights (emissive 1: Webots' exposure mapping gives 207)
    assert_eq!(find("camera"), "camera centre 207 0 0 corner 0 0 255");
    let (w, h, pixels) = common::read_png(&p.path().join("controllers/imagers_probe/camera.png"));
    assert_eq!((w, h), (16, 16));
    assert_eq!(pixels[8 * 16 + 8], [207, 0, 0, 255]);

    // recognition: the box, 1 m ahead, 0.2 m wide and high, in the middle of the image; on the image,
    // Webots' rule: the box's corners (near face 0.9 m, ±0.1 m) at (w - 1)·(0.5 ∓ 0.5·(0.1/0.9)/tan(0.3927)),
    // truncated: columns 5 and 9, so centre round(7) and size ceil(4)
    assert_eq!(find("recognized"), "recognized 1");
    let object = find("object");
    assert!(
        object.starts_with("object \"red box\" at 1.000 0.000 0.000 size 0.200 0.200 on image 7 7 size 4 4"),
        "{object}"
    );
    assert!(object.ends_with("colour 1.0 0.0 0.0"), "{object}");
    assert_eq!(find("segmentation"), "segmentation centre 255 corner 0");
    assert_eq!(find("altitude"), "altitude 0.500000");

    for message in [
        "Error: wb_camera_get_image() called for a disabled device! Please use: wb_camera_enable().",
        "Error: wb_camera_set_fov() out of zoom range [0.785398, 0.785398].",
        "Error: wb_camera_recognition_enable() called on a Camera without Recognition node.",
        "Error: wb_camera_recognition_get_number_of_objects() called for a disabled device! Please use: wb_camera_recognition_enable().",
        "Error: wb_range_finder_enable() called with negative sampling period.",
        "Error: wb_lidar_get_layer_range_image() called with a 'layer' argument (3) bigger or equal to the number of layers of this lidar (3).",
        "Error: wb_camera_save_image() called with unsupported image format (should be PNG or JPEG).",
        "Error: wb_camera_save_image() called with invalid 'quality' argument.",
        "Error: wb_lidar_get_range_image() called for a disabled device! Please use: wb_lidar_enable().",
    ] {
        out.assert_stderr_has(message);
    }
}

/// A camera with `recognition`, three recognizable boxes (near, far, and one behind a wall whose bounding
/// object hides it: Webots' occlusion rays meet bounding objects) and a box of its own robot.
fn recognition_world(recognition: &str) -> String {
    let solid = |name: &str, x: f64, y: f64, colors: &str| {
        format!(
            "Solid {{ translation {x} {y} 0 model \"{name}\" recognitionColors [ {colors} ] \
             children [ Shape {{ geometry Box {{ size 0.2 0.2 0.2 }} }} ] }}\n"
        )
    };
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ controller \"recognition_probe\" children [ Camera {{ width 64 height 64 fieldOfView 1.5 recognition {recognition} }} \
         Solid {{ translation 0.5 0 0.15 model \"own\" recognitionColors [ 0 1 0 ] children [ Shape {{ geometry Box {{ size 0.1 0.1 0.1 }} }} ] }} ] }}\n\
         {}{}{}Solid {{ translation 1.5 -0.5 0 children [ Shape {{ geometry DEF WALL Box {{ size 0.1 0.6 0.6 }} }} ] boundingObject USE WALL }}\n",
        solid("near", 1.0, 0.3, "1 0 0"),
        solid("far", 3.0, 0.3, "0 0 1"),
        solid("hidden", 2.0, -0.5, "1 1 0"),
    )
}

fn recognized(recognition: &str) -> Vec<String> {
    let p = Project::new();
    p.world("recognition.wbt", &recognition_world(recognition));
    p.controller("recognition_probe", "recognition_probe");
    let out = p.run("recognition.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.robot_lines("robot")
}

#[test]
fn recognition_skips_hidden_objects_its_own_robot_and_keeps_the_biggest() {
    // the box behind the wall is hidden, the robot's own box is not an object of its camera
    assert_eq!(recognized("Recognition { }"), ["near at 1.00 0.30 0.00", "far at 3.00 0.30 0.00", "2 objects"]);
    // without occlusion the hidden one is seen; maxObjects keeps the biggest on the image
    assert_eq!(
        recognized("Recognition { occlusion 0 }"),
        ["near at 1.00 0.30 0.00", "far at 3.00 0.30 0.00", "hidden at 2.00 -0.50 0.00", "3 objects"]
    );
    assert_eq!(recognized("Recognition { maxObjects 1 }"), ["near at 1.00 0.30 0.00", "1 objects"]);
    // beyond maxRange nothing is recognized
    assert_eq!(recognized("Recognition { maxRange 2 }"), ["near at 1.00 0.30 0.00", "1 objects"]);
}
