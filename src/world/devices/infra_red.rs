//! What an infra-red distance sensor's ray gets back from the surface it hits (Webots' DistanceSensor
//! and Shape colour picking): 0.2 + 0.8 × red × (1 - roughness / 2), for the visual Shape the ray meets
//! first (Webots' infra-red rays pick the Shapes themselves, not the bounding objects). The red is a Material's `diffuseColor` or a PBRAppearance's
//! `baseColor`, dimmed by the transparency (white without either); only a PBRAppearance has a
//! roughness. Textures are not sampled (their colour counts as white).

use crate::world::scene::{NodeId, Scene};

/// 0.2 + 0.8 × red × (1 - roughness / 2) for `shape`'s appearance.
pub fn factor(scene: &Scene, shape: NodeId) -> f64 {
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
