//! The world side: the scene tree read from the world file, the robots and their devices, time and
//! the step loop. It answers `StepRequest`s with `StepAnswer`s, whichever link carries them.
//! ARCHITECTURE.md walks through the rooms below.

pub mod devices;
pub mod geometry;
pub mod physics;
pub mod progress;
pub mod record;
pub mod robots;
pub mod scene;
pub mod scheduler;
pub mod sim;
pub mod supervisor;

pub use sim::World;
