//! Infra-red distance sensors pick the visual Shapes themselves, as Webots' ray picking does (its
//! distance_sensor_infra-red_vs_transformed_planes world, in our ENU frame): Planes in plain Poses (no
//! Solid, no bounding object) are seen, moved and turned, within their `size`, from their front only —
//! a flipped Plane or one behind the sensor gives nothing. Generic rays meet a bounding object's Plane as
//! ODE's ray-plane test does: only a crossing ahead of the ray.

mod common;

use common::Project;

/// The default lookup table [0 0, 0.1 1000] on a distance weighed by the reflection factor of a
/// PBRAppearance of red 1 and roughness 1: 0.2 + 0.8 × 1 × (1 - 0.5).
fn value(distance: Option<f64>) -> f64 {
    let factor = 0.2 + 0.8 * 0.5;
    distance.map_or(1000.0, |d| (10000.0 * d / factor).min(1000.0))
}

/// Where a ray along +x at height `z` (y = 0) from x = `x0` meets a Plane centred at (`cx`, 0, `cz`)
/// whose front normal is (-cos a, 0, sin a) (turned up by `a` from facing -x), within its half size
/// `half_u` along the slope and `half_y` across: the distance if the ray meets its front.
fn hit(x0: f64, z: f64, cx: f64, cz: f64, a: f64, half_u: f64) -> Option<f64> {
    let n = [-a.cos(), 0.0, a.sin()];
    let u = [a.sin(), 0.0, a.cos()];
    // the ray goes along +x: it meets the front when n·x < 0
    if n[0] >= 0.0 {
        return None;
    }
    let t = (n[0] * (cx - x0) + n[2] * (cz - z)) / n[0];
    let p = [x0 + t - cx, 0.0, z - cz];
    (t > 0.0 && (p[0] * u[0] + p[2] * u[2]).abs() <= half_u).then_some(t)
}

#[test]
fn webots_transformed_planes_are_seen_from_their_front_within_their_size() {
    let tilt: f64 = 0.3;
    // the Pose turning a Plane (normal +z) to face -x, tilted up by `tilt`: about y by tilt - pi/2
    let facing = tilt - std::f64::consts::FRAC_PI_2;
    let heights = [0.0, -0.05, -0.1, -0.15, -0.2, -0.25, -0.3, -0.35, -0.4, -0.45];
    let mut args = vec!["1".to_string()];
    let mut sensors = String::new();
    for (i, z) in heights.iter().enumerate() {
        let name = (b'A' + i as u8) as char;
        let regular = hit(0.0, *z, 0.05, -0.08, 0.0, 0.075);
        let tilted = hit(0.0, *z, 0.05, -0.26, tilt, 0.035);
        // the flipped plane (about z = -0.39) faces +x: never seen from these sensors
        let d = [regular, tilted].into_iter().flatten().reduce(f64::min);
        args.push(name.to_string());
        args.push(value(d).to_string());
        sensors += &format!("DistanceSensor {{ translation 0 0 {z} name \"{name}\" type \"infra-red\" }}\n");
    }
    // behind the regular plane, looking away from it (+x), and back at its rear face (-x)
    sensors += "DistanceSensor { translation 0.1 0 -0.08 name \"K\" type \"infra-red\" }\n";
    sensors +=
        "DistanceSensor { translation 0.1 0 -0.08 rotation 0 0 1 3.141592653589793 name \"L\" type \"infra-red\" }\n";
    args.extend(["K", "1000", "L", "1000"].map(String::from));
    // this tilted plane (not Webots': its second Plane is turned within its own face, so G meets it too;
    // tests/infra_red_planes_webots_layout.rs) is met by B, C, D, F only
    let expected: Vec<bool> = args[1..21].chunks(2).map(|c| c[1] != "1000").collect();
    assert_eq!(expected, [false, true, true, true, false, true, false, false, false, false]);
    let plane = |name: &str, at: &str, angle: f64, size: &str, red: f64| {
        format!(
            "DEF {name} Pose {{ translation {at} rotation 0 1 0 {angle} children [ Shape {{ \
             appearance PBRAppearance {{ baseColor {red} 0.22 1 roughness 1 metalness 0 }} \
             geometry Plane {{ size {size} }} }} ] }}\n"
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n{}{}{}Robot {{ controller \"distance_webots\" controllerArgs [ {} ] children [\n{sensors}] }}\n",
        plane("REGULAR", "0.05 0 -0.08", -std::f64::consts::FRAC_PI_2, "0.15 0.15", 1.0),
        plane("TILTED", "0.05 0 -0.26", facing, "0.07 0.13", 1.0),
        plane("FLIPPED", "0.05 0 -0.39", std::f64::consts::FRAC_PI_2, "0.1 0.1", 0.65),
        args.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(" "),
    );
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("planes.wbt", &world);
    let out = p.run("planes.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("distance sensor test passed");
}

#[test]
fn a_generic_ray_meets_a_floor_plane_only_where_it_crosses_it_ahead() {
    // ODE's ray-plane test, through bounding objects: from above looking down, 5 cm (default table:
    // 500); from below looking down, nothing ahead (1000); from below looking up, the crossing 5 cm above
    let sensors = r#"
    DistanceSensor { translation 0 0 0.05 rotation 0 1 0 1.5707963267948966 name "above" }
    DistanceSensor { translation 0 0 -0.05 rotation 0 1 0 1.5707963267948966 name "below" }
    DistanceSensor { translation 0 0 -0.05 rotation 0 1 0 -1.5707963267948966 name "under" }"#;
    for engine in
        ["", "Solid { name \"ball\" translation 0 50 5 boundingObject Sphere { radius 0.1 } physics Physics { } }"]
    {
        let world = format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\nSolid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n{engine}\n\
             Robot {{ controller \"distance_webots\" controllerArgs [ \"1\" \"above\" \"500\" \"below\" \"1000\" \"under\" \"500\" ] \
             children [ {sensors} ] }}\n"
        );
        let p = Project::new();
        p.controller("distance_webots", "distance_webots");
        p.world("floor.wbt", &world);
        let out = p.run("floor.wbt", &[]);
        assert!(out.status.success(), "{engine}\n{}\n{}", out.stdout, out.stderr);
        out.assert_stdout_has("distance sensor test passed");
    }
}
