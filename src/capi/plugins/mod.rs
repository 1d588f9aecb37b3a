//! Webots' `plugins/` headers.

pub mod robot_window;
