//! Webots' `tests/api` world `distance_sensor_infra-red_vs_transformed_planes` as Webots writes it (an
//! R2023b NUE world: a Plane's normal is its z axis, each Plane turned by an inner Pose about x; its
//! quarter and half turns written exactly here): ten infra-red sensors in a row along -z look along +x
//! at three Planes 5 cm ahead. The second Plane is not tilted but turned 45° within its own face (a
//! 0.13 × 0.07 diamond), so sensors F and G both meet it at 5 cm; the third faces away from the sensors
//! and is not seen. Expected values from the rays' crossings with the Planes' front faces within their
//! size; Webots' test expects 833.33 (B, C, D, F, G) and 1000.

mod common;

use common::Project;
use std::f64::consts::{FRAC_PI_2, PI};

use nalgebra::{Unit, UnitQuaternion, Vector3};

/// (DEF, translation, rotation, size)
type Placed = (&'static str, [f64; 3], [f64; 4], [f64; 2]);

const PLANES: [Placed; 3] = [
    ("REGULAR", [0.05, 0.0, -0.08], [0.0, 0.0, 1.0, FRAC_PI_2], [0.15, 0.15]),
    (
        "ROTATED",
        [0.05, 0.0, -0.26],
        [-0.35740681862788, 0.3574058186283875, -0.8628565621288802, -1.7177753071795863],
        [0.13, 0.07],
    ),
    ("FLIPPED", [0.05, 0.0, -0.39], [0.70710528118436, 0.707108281185553, 3.3905113482557537e-09, PI], [0.1, 0.1]),
];

const INNER: [f64; 4] = [1.0, 0.0, 0.0, -FRAC_PI_2];

fn rotation(r: [f64; 4]) -> UnitQuaternion<f64> {
    UnitQuaternion::from_axis_angle(&Unit::new_normalize(Vector3::new(r[0], r[1], r[2])), r[3])
}

/// Where the ray from (0, 0, z) along +x first meets a Plane's front face.
fn crossing(z: f64) -> Option<f64> {
    let origin = Vector3::new(0.0, 0.0, z);
    PLANES
        .iter()
        .filter_map(|(_, t, r, size)| {
            let frame = rotation(*r) * rotation(INNER);
            let normal = frame * Vector3::z();
            if normal.x >= 0.0 {
                return None;
            }
            let centre = Vector3::from(*t);
            let distance = normal.dot(&(centre - origin)) / normal.x;
            let offset = origin + Vector3::x() * distance - centre;
            let inside = offset.dot(&(frame * Vector3::x())).abs() <= size[0] / 2.0
                && offset.dot(&(frame * Vector3::y())).abs() <= size[1] / 2.0;
            (distance > 0.0 && inside).then_some(distance)
        })
        .reduce(f64::min)
}

#[test]
fn webots_planes_turned_in_their_own_face_are_met_where_their_outline_reaches() {
    // the default lookup table [0 0, 0.1 1000] on a distance divided by the reflection factor of a
    // PBRAppearance of red 1 and roughness 1: 0.2 + 0.8 × 1 × (1 - 0.5)
    let value = |d: Option<f64>| d.map_or(1000.0, |d| (10000.0 * d / 0.6f64).min(1000.0));
    let mut args = vec!["\"1\"".to_string()];
    let mut sensors = String::new();
    let mut values = Vec::new();
    for i in 0..10 {
        let z = -0.05 * i as f64;
        let name = (b'A' + i as u8) as char;
        let v = value(crossing(z));
        values.push(v);
        args.push(format!("\"{name}\" \"{v}\""));
        sensors += &format!("DistanceSensor {{ translation 0 0 {z} name \"{name}\" type \"infra-red\" }}\n");
    }
    let obstacle = 10000.0 * 0.05 / 0.6;
    let webots = [1000.0, obstacle, obstacle, obstacle, 1000.0, obstacle, obstacle, 1000.0, 1000.0, 1000.0];
    for (ours, theirs) in values.iter().zip(webots) {
        // Webots allows 0.01 (its rotations are written to 4 or 5 decimals)
        assert!((ours - theirs).abs() < 0.01, "{values:?}");
    }
    let planes: String = PLANES
        .iter()
        .map(|(def, t, r, size)| {
            format!(
                "DEF {def} Pose {{ translation {} {} {} rotation {} {} {} {} children [ Pose {{ rotation {} {} {} {} children [ \
                 Shape {{ appearance PBRAppearance {{ baseColor 1 0.22 1 roughness 1 metalness 0 }} \
                 geometry Plane {{ size {} {} }} }} ] }} ] }}\n",
                t[0], t[1], t[2], r[0], r[1], r[2], r[3], INNER[0], INNER[1], INNER[2], INNER[3], size[0], size[1]
            )
        })
        .collect();
    let world = format!(
        "#VRML_SIM R2023b utf8\nWorldInfo {{ coordinateSystem \"NUE\" }}\n{planes}\
         Robot {{ supervisor TRUE controller \"distance_webots\" controllerArgs [ {} ] children [\n{sensors}] }}\n",
        args.join(" ")
    );
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("planes.wbt", &world);
    let out = p.run("planes.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("distance sensor test passed");
    out.assert_no_messages();
}
