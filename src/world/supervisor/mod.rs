//! Everything a supervisor asks of or does to the world: nodes and fields, bodies' physics (the
//! engine's half is physics/supervision.rs, next to the private body tables it reads), scene edits
//! and scene queries.

pub mod bodies;
pub mod fields;
pub(in crate::world) mod instant_view;
pub mod scene_control;
pub mod scene_queries;
