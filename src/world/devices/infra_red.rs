//! What an infra-red distance sensor's ray gets back from the surface it hits (Webots' DistanceSensor
//! and Shape colour picking): 0.2 + 0.8 × red × (1 - roughness / 2), for the visual Shape of the hit
//! Solid that the ray meets first. The red is a Material's `diffuseColor` or a PBRAppearance's
//! `baseColor`, dimmed by the transparency (white without either); only a PBRAppearance has a
//! roughness. Textures are not sampled (their colour counts as white).

use nalgebra::{Point3, Vector3};

use crate::world::geometry::render::shape_ray;
use crate::world::scene::{NodeId, Scene};

/// The reflection factor of the ray from `origin` along the unit `direction` that hit `solid` at
/// `distance`.
pub fn reflection(scene: &Scene, solid: NodeId, origin: &Point3<f64>, direction: &Vector3<f64>, distance: f64) -> f64 {
    let shapes = visual_shapes(scene, solid);
    // the Shape the ray meets first (a little past the bounding object's surface), else the first one
    let reach = distance + 1e-3 + distance * 1e-6;
    let hit = shapes
        .iter()
        .filter_map(|&s| Some((s, shape_ray(scene, s, origin, direction, reach)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s);
    match hit.or_else(|| shapes.first().copied()) {
        Some(shape) => factor(scene, shape),
        None => 1.0,
    }
}

/// 0.2 + 0.8 × red × (1 - roughness / 2) for `shape`'s appearance.
fn factor(scene: &Scene, shape: NodeId) -> f64 {
    // the fields' defaults (white, opaque, smooth; a Material's 0.8 grey) come from the scene's schema
    let (red, roughness) = match scene.sf_node(shape, "appearance") {
        Some(a) if scene.type_name(a) == "PBRAppearance" => {
            let opaque = 1.0 - scene.sf_float(a, "transparency");
            (scene.sf_vec3(a, "baseColor")[0] * opaque, scene.sf_float(a, "roughness"))
        }
        Some(a) => match scene.sf_node(a, "material") {
            Some(m) => (scene.sf_vec3(m, "diffuseColor")[0] * (1.0 - scene.sf_float(m, "transparency")), 0.0),
            None => (1.0, 0.0),
        },
        None => (1.0, 0.0),
    };
    0.2 + 0.8 * red.clamp(0.0, 1.0) * (1.0 - 0.5 * roughness.clamp(0.0, 1.0))
}

/// The visual Shapes of `solid` (through grouping nodes, not into its child Solids), in order.
fn visual_shapes(scene: &Scene, solid: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack: Vec<NodeId> = scene.mf_node(solid, "children").into_iter().rev().collect();
    while let Some(n) = stack.pop() {
        match scene.type_name(n) {
            "Shape" => out.push(n),
            _ if scene.is_solid(n) => {}
            _ => stack.extend(scene.mf_node(n, "children").into_iter().rev()),
        }
    }
    out
}
