//! webots-shim: a headless, drop-in replacement for Webots' controller library.
//!
//! Layers (see DESIGN.md): `capi` (the exported C ABI) → `controller` (controller-side device state)
//! → `link` (in-process or Unix socket) → `world` (scene tree, devices' world side, step loop).
//! `protocol` holds the step messages both sides exchange; `runner` is the `webots-shim` binary's logic.

pub mod c_format;
pub mod capi;
pub mod controller;
pub mod link;
pub mod protocol;
pub mod runner;
pub mod world;
