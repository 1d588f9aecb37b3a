//! The world side: the scene tree read from the world file, the robots and their devices, time and
//! the step loop. It answers `StepRequest`s with `StepAnswer`s, whichever link carries them.

pub mod battery;
pub mod body_supervision;
pub mod bounds;
pub mod compass;
pub mod connector;
pub mod devices;
pub mod docking;
pub mod geometry_math;
pub mod joint_poses;
pub mod lights;
pub mod links;
pub mod lookup_table;
pub mod mesh_files;
pub mod obstacles;
pub mod physics;
pub mod progress;
pub mod radio;
pub mod radio_fields;
pub mod rays;
pub mod record;
pub mod regeneration;
pub mod render;
pub mod robot_table;
pub mod sampling;
pub mod scene;
pub mod scene_control;
pub mod scene_queries;
pub mod scheduler;
pub mod shapes;
pub mod sim;
pub mod supervision;
pub mod surfaces;

pub use sim::World;
