//! Webots' `utils/` headers: each file here is one header of `include/webots/utils/` (build.rs).

pub mod ansi_codes;
pub mod motion;
pub mod string;
pub mod system;
