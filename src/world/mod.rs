//! The world side: the scene tree read from the world file, the robots and their devices, time and
//! the step loop. It answers `StepRequest`s with `StepAnswer`s, whichever link carries them.

pub mod obstacles;
pub mod radio;
pub mod robot_table;
pub mod sampling;
pub mod scene;
pub mod scheduler;
pub mod sim;

pub use sim::World;
