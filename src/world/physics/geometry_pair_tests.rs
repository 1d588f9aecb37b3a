//! Contact generation for every pair of bounding objects Webots collides (Box, Sphere, Capsule, Cylinder,
//! Plane, ElevationGrid, IndexedFaceSet): each body let go a centimetre above each support comes to rest
//! on it, its lowest point on the support's top, and the two are in contact.

use nalgebra::Vector3;

use super::Physics;
use crate::world::scene::Scene;

/// A static support whose top is the plane z = 0.
const SUPPORTS: [(&str, &str); 6] = [
    ("Plane", "Plane { size 4 4 }"),
    ("Box", "Pose { translation 0 0 -0.5 children [ Box { size 4 4 1 } ] }"),
    ("Cylinder", "Pose { translation 0 0 -0.5 children [ Cylinder { height 1 radius 2 } ] }"),
    (
        "ElevationGrid",
        "Pose { translation -2 -2 0 children [ ElevationGrid { xDimension 3 xSpacing 2 yDimension 3 ySpacing 2 \
           height [ 0 0 0 0 0 0 0 0 0 ] } ] }",
    ),
    (
        "IndexedFaceSet",
        "IndexedFaceSet { coord Coordinate { point [ -2 -2 0, 2 -2 0, 2 2 0, -2 2 0, -2 -2 -1, 2 -2 -1, 2 2 -1, -2 2 -1 ] } \
           coordIndex [ 0 1 2 3 -1 7 6 5 4 -1 0 4 5 1 -1 1 5 6 2 -1 2 6 7 3 -1 3 7 4 0 -1 ] }",
    ),
    ("Sphere", "Pose { translation 0 0 -2 children [ Sphere { radius 2 } ] }"),
];

/// A body and the height of its centre above its lowest point.
const BODIES: [(&str, &str, f64); 5] = [
    ("Box", "Box { size 0.1 0.1 0.1 }", 0.05),
    ("Sphere", "Sphere { radius 0.05 }", 0.05),
    ("Cylinder", "Cylinder { height 0.1 radius 0.05 }", 0.05),
    ("Capsule", "Pose { rotation 1 0 0 1.5707963267948966 children [ Capsule { height 0.1 radius 0.05 } ] }", 0.05),
    (
        "IndexedFaceSet",
        "IndexedFaceSet { coord Coordinate { point [ -0.05 -0.05 0.05, 0.05 -0.05 0.05, 0.05 0.05 0.05, -0.05 0.05 0.05, \
           -0.05 -0.05 -0.05, 0.05 -0.05 -0.05, 0.05 0.05 -0.05, -0.05 0.05 -0.05 ] } \
           coordIndex [ 0 1 2 3 -1 7 6 5 4 -1 0 4 5 1 -1 1 5 6 2 -1 2 6 7 3 -1 3 7 4 0 -1 ] }",
        0.05,
    ),
];

fn world(body: &str) -> (Scene, Physics) {
    super::test_world::world(&format!("WorldInfo {{ basicTimeStep 8 }}\n{body}"))
}

#[test]
fn every_bounding_object_rests_on_every_support() {
    let mut failures = Vec::new();
    for (support, support_geometry) in SUPPORTS {
        // off the supports' vertices and seams, but on the top of the sphere
        let at = if support == "Sphere" { "0 0" } else { "0.3 0.2" };
        for (body, geometry, half) in BODIES {
            let (mut scene, mut physics) = world(&format!(
                "DEF SUPPORT Solid {{ boundingObject {support_geometry} }}\n\
                 DEF BODY Solid {{ translation {at} {} boundingObject {geometry} physics Physics {{ density -1 mass 0.5 }} }}",
                half + 0.01
            ));
            let b = scene.find_def("BODY").unwrap();
            for _ in 0..188 {
                physics.step(&mut scene);
            }
            let p: Vector3<f64> = scene.global_pose(b).translation.vector;
            let touching = physics.touching(&scene, b);
            // resting on a curved top, a flat face touches it at one point, as a sphere does
            if !touching || (p.z - half).abs() > 2e-3 {
                failures.push(format!("{body} on {support}: at {:.4} (expected {half}), touching {touching}", p.z));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
