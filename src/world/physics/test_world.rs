//! The physics unit tests' world: a scene parsed from `body` and the engine built for it.

use super::Physics;
use crate::world::scene::{parse_world_str, LoadOptions, NodeId, Scene};

/// The scene of `body` (a world file without its header) and its engine; the warnings the engine
/// gave while being built.
pub fn world_with_warnings(body: &str) -> (Scene, Physics, Vec<String>) {
    let text = format!("#VRML_SIM R2025a utf8\n{body}");
    let mut scene = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
    let mut warnings = Vec::new();
    let physics = Physics::build(&mut scene, &mut warnings).expect("a world with physics");
    (scene, physics, warnings)
}

/// `world_with_warnings`, for a world that must build without a warning.
pub fn world(body: &str) -> (Scene, Physics) {
    let (scene, physics, warnings) = world_with_warnings(body);
    assert!(warnings.is_empty(), "{warnings:?}");
    (scene, physics)
}

pub fn def(scene: &Scene, name: &str) -> NodeId {
    scene.find_def(name).unwrap_or_else(|| panic!("no DEF {name}"))
}
