//! Webots' distance_sensor_infra-red_vs_mesh test with a mesh of our own: two rakes of ten infra-red
//! DistanceSensors, one firing forward and one backward, each at a turned copy of a non-convex mesh (a
//! five-pointed star prism written as an OBJ file) placed by a Pose outside any Solid, so only its drawn
//! triangles stop the rays. Expected values come from the geometry: each ray is intersected with the
//! placed triangles here (Möller–Trumbore), from the same single-precision vertices the file gives.

mod common;

use common::Project;

/// Outer and inner radius of the star and half its height (m).
const OUTER: f64 = 0.3;
const INNER: f64 = 0.12;
const HALF_HEIGHT: f64 = 0.25;

/// The star prism's vertices as written to the file (6 decimals) and its triangles (0-based, outward).
fn star_prism() -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
    let mut vertices = Vec::new();
    for z in [-HALF_HEIGHT, HALF_HEIGHT] {
        for k in 0..10 {
            let angle = f64::from(k) * std::f64::consts::PI / 5.0;
            let radius = if k % 2 == 0 { OUTER } else { INNER };
            let round = |v: f64| (v * 1e6).round() / 1e6;
            vertices.push([round(radius * angle.cos()), round(radius * angle.sin()), z]);
        }
    }
    vertices.push([0.0, 0.0, -HALF_HEIGHT]);
    vertices.push([0.0, 0.0, HALF_HEIGHT]);
    let mut triangles = Vec::new();
    for k in 0..10 {
        let next = (k + 1) % 10;
        triangles.push([k, next, 10 + next]);
        triangles.push([k, 10 + next, 10 + k]);
        triangles.push([21, 10 + k, 10 + next]);
        triangles.push([20, next, k]);
    }
    (vertices, triangles)
}

fn obj_text(vertices: &[[f64; 3]], triangles: &[[usize; 3]]) -> String {
    let mut out = String::from("# a five-pointed star prism\n");
    for v in vertices {
        out += &format!("v {:.6} {:.6} {:.6}\n", v[0], v[1], v[2]);
    }
    for t in triangles {
        out += &format!("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1);
    }
    out
}

/// The vertices as a mesh loader holds them (single precision), turned by `angle` about z and moved to
/// `centre`.
fn placed(vertices: &[[f64; 3]], centre: [f64; 3], angle: f64) -> Vec<[f64; 3]> {
    let (s, c) = angle.sin_cos();
    vertices
        .iter()
        .map(|v| {
            let [x, y, z] = v.map(|a| f64::from(a as f32));
            [centre[0] + c * x - s * y, centre[1] + s * x + c * y, centre[2] + z]
        })
        .collect()
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Distance along the unit `direction` from `origin` to the nearest triangle, if any.
fn nearest_hit(origin: [f64; 3], direction: [f64; 3], points: &[[f64; 3]], triangles: &[[usize; 3]]) -> Option<f64> {
    let mut nearest: Option<f64> = None;
    for t in triangles {
        let (a, b, c) = (points[t[0]], points[t[1]], points[t[2]]);
        let (e1, e2) = (sub(b, a), sub(c, a));
        let p = cross(direction, e2);
        let det = dot(e1, p);
        if det.abs() < 1e-15 {
            continue;
        }
        let s = sub(origin, a);
        let u = dot(s, p) / det;
        let q = cross(s, e1);
        let v = dot(direction, q) / det;
        // the rays here meet no triangle near its border (barycentric margin above 6e-4): borders need no care
        if u < 0.0 || v < 0.0 || u + v > 1.0 {
            continue;
        }
        let distance = dot(e2, q) / det;
        if distance > 0.0 && nearest.is_none_or(|n| distance < n) {
            nearest = Some(distance);
        }
    }
    nearest
}

/// Lookup table [0 0, 0.4 4000]: 10000 per metre of the distance weighed by the reflection, 4000 past it.
fn reading(distance: Option<f64>, factor: f64) -> f64 {
    match distance {
        Some(d) if d / factor < 0.4 => 10000.0 * d / factor,
        _ => 4000.0,
    }
}

#[test]
fn webots_infra_red_vs_mesh_test_two_rakes_read_turned_copies_of_a_star_mesh() {
    let (vertices, triangles) = star_prism();
    // ahead: plain white PBRAppearance (reflection 1); behind: red 0.5 and roughness 0.6, reflection
    // 0.2 + 0.8 × 0.5 × (1 - 0.3) = 0.48 (Webots' rule, see infra_red_reflection.rs)
    let copies = [([0.33, -0.2, 0.0], 0.3, 1.0), ([-0.45, -0.25, 0.0], 1.9, 0.48)];
    let rakes = [(0.0, 1.0, "A"), (-0.11, -1.0, "K")];
    let mut sensors = String::new();
    let mut args = vec!["1".to_string()];
    let (mut hits, mut misses) = (0, 0);
    for ((x, direction, first), (centre, angle, factor)) in rakes.into_iter().zip(copies) {
        let points = placed(&vertices, centre, angle);
        for i in 0..10u8 {
            let name = char::from(first.as_bytes()[0] + i);
            let y = -0.05 * f64::from(i);
            let distance = nearest_hit([x, y, 0.0], [direction, 0.0, 0.0], &points, &triangles);
            match distance {
                Some(d) if d < 0.4 => hits += 1,
                _ => misses += 1,
            }
            let turn = if direction < 0.0 { " rotation 0 0 1 3.141592653589793" } else { "" };
            sensors += &format!(
                "DistanceSensor {{ name \"{name}\" translation {x} {y} 0{turn} type \"infra-red\" lookupTable [ 0 0 0, 0.4 4000 0 ] }}\n"
            );
            args.push(name.to_string());
            args.push(format!("{:.9}", reading(distance, factor)));
        }
    }
    // the scene is worth its name: most rays meet the star, at various depths, and some pass it
    assert!(hits >= 14 && misses >= 2, "{hits} hits, {misses} misses");
    let pose = |(centre, angle, _): ([f64; 3], f64, f64), appearance: &str| {
        format!(
            "Pose {{ translation {} {} {} rotation 0 0 1 {angle} children [ Shape {{ appearance {appearance} geometry Mesh {{ url \"star.obj\" }} }} ] }}\n",
            centre[0], centre[1], centre[2]
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n{}{}Robot {{ controller \"distance_webots\" controllerArgs [ {} ] children [\n{sensors}] }}\n",
        pose(copies[0], "PBRAppearance { metalness 0 }"),
        pose(copies[1], "PBRAppearance { baseColor 0.5 0.8 0.3 roughness 0.6 metalness 0 }"),
        args.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(" ")
    );
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("mesh.wbt", &world);
    std::fs::write(p.path().join("worlds/star.obj"), obj_text(&vertices, &triangles)).unwrap();
    let out = p.run("mesh.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("distance sensor test passed");
}

/// The star written for a y-up world: (x, y, z) of `star_prism` becomes (x, z, -y), a quarter turn
/// about x (the winding stays outward), so the star lies in the horizontal plane and rises along y.
fn y_up(vertices: &[[f64; 3]]) -> Vec<[f64; 3]> {
    vertices.iter().map(|v| [v[0], v[2], -v[1]]).collect()
}

/// `vertices` as a loader holds them (single precision), turned by `angle` about y and moved to `centre`.
fn placed_about_y(vertices: &[[f64; 3]], centre: [f64; 3], angle: f64) -> Vec<[f64; 3]> {
    let (s, c) = angle.sin_cos();
    vertices
        .iter()
        .map(|v| {
            let [x, y, z] = v.map(|a| f64::from(a as f32));
            [centre[0] + c * x + s * z, centre[1] + y, centre[2] - s * x + c * z]
        })
        .collect()
}

/// Webots' own layout (NUE, as its world writes it): the rakes run along -z, 5 cm apart, ten sensors
/// A to J at x = 0 firing along +x and ten K to T at x = -0.11 turned by 3.14159 about y (not quite a half
/// turn: they fire along (cos 3.14159, 0, -sin 3.14159)), each with the small cone Webots draws behind it
/// (a Shape of the sensor itself, DEF'd once and USEd by the others); the copies of the mesh are placed
/// by Poses turned about y, outside any Solid; no lookupTable is given, so Webots' default [0 0, 0.1
/// 1000] applies and, as Webots' test asks, a sensor detects the mesh (reads below 1000) exactly when
/// its ray meets it closer than 0.1 m weighed by the reflection. Here each reading is checked within
/// 1e-5 of 10000 per metre of the weighed distance, 1000 past 0.1 m.
#[test]
fn webots_infra_red_vs_mesh_layout_nue_default_table_detects_the_star_within_a_tenth_of_a_metre() {
    let (vertices, triangles) = star_prism();
    let vertices = y_up(&vertices);
    // ahead: plain PBRAppearance (reflection 1); behind: red 0.9 and roughness 0, reflection 0.2 + 0.8 ×
    // 0.9 × (1 - 0 / 2) = 0.92 (see the test above); neither star reaches its rake's line, and no ray's
    // weighed distance lies within 4 mm of 0.1 m
    let copies = [([0.26, -0.1, -0.2], 1.2, 1.0), ([-0.38, -0.1, -0.25], 0.6, 0.92)];
    // Webots' world writes 3.14159, a little short of a half turn
    #[allow(clippy::approx_constant)]
    let half_turn: f64 = 3.14159;
    let rakes = [
        (0.0, [1.0, 0.0, 0.0], "A", ""),
        (-0.11, [half_turn.cos(), 0.0, -half_turn.sin()], "K", " rotation 0 1 0 3.14159"),
    ];
    let cone = "DEF DS_SHAPE Pose { translation -0.026 0 0 rotation 0 1 0 1.5708 children [ Shape { appearance PBRAppearance { \
                baseColor 0.407507 0.848295 0.499062 roughness 0.2 metalness 0 } geometry Cone { bottomRadius 0.01 height 0.05 \
                subdivision 24 } } ] }";
    let mut sensors = String::new();
    let mut args = vec!["1".to_string()];
    let (mut near, mut far) = (0, 0);
    for ((x, direction, first, turn), (centre, angle, factor)) in rakes.into_iter().zip(copies) {
        let points = placed_about_y(&vertices, centre, angle);
        for i in 0..10u8 {
            let name = char::from(first.as_bytes()[0] + i);
            let z = -0.05 * f64::from(i);
            let distance = nearest_hit([x, 0.0, z], direction, &points, &triangles);
            let value = match distance {
                Some(d) if d / factor < 0.1 => 10000.0 * d / factor,
                _ => 1000.0,
            };
            if value < 1000.0 {
                near += 1;
            } else {
                far += 1;
            }
            let shape = if i == 0 && first == "A" { cone } else { "USE DS_SHAPE" };
            sensors += &format!(
                "DistanceSensor {{ translation {x} 0 {z}{turn} children [ {shape} ] name \"{name}\" type \"infra-red\" }}\n"
            );
            args.push(name.to_string());
            args.push(format!("{value:.9}"));
        }
    }
    // as in Webots' test, some sensors detect the mesh and some do not
    assert_eq!((near, far), (9, 11), "sensors that detect the star, and that do not");
    let pose = |(centre, angle, _): ([f64; 3], f64, f64), appearance: &str| {
        format!(
            "DEF MESH Pose {{ translation {} {} {} rotation 0 1 0 {angle} children [ Shape {{ appearance {appearance} geometry Mesh {{ url \"star_y_up.obj\" }} }} ] }}\n",
            centre[0], centre[1], centre[2]
        )
    };
    let world = format!(
        "#VRML_SIM R2023b utf8\nWorldInfo {{ coordinateSystem \"NUE\" }}\n{}{}Robot {{ controller \"distance_webots\" controllerArgs [ {} ] supervisor TRUE children [\n{sensors}] }}\n",
        pose(copies[0], "PBRAppearance { metalness 0 }"),
        pose(copies[1], "PBRAppearance { baseColor 0.9 0.8 0.3 roughness 0 metalness 0 }"),
        args.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(" ")
    );
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("mesh_nue.wbt", &world);
    std::fs::write(p.path().join("worlds/star_y_up.obj"), obj_text(&vertices, &triangles)).unwrap();
    let out = p.run("mesh_nue.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("distance sensor test passed");
}
