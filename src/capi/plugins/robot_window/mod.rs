//! Webots' `plugins/robot_window/` headers: each file here is one header of
//! `include/webots/plugins/robot_window/` (build.rs).

pub mod default;
#[allow(clippy::module_inception)] // named after its header, robot_window.h
pub mod robot_window;
pub mod robot_wwi;
