//! `mouse_state.h`: what `wb_mouse_get_state` returns (shared by the C and C++ APIs).

use std::ffi::c_double;

use super::types::WbBool;

/// The mouse buttons and its position in the 3D view (`u`, `v` in [0, 1]) and in the scene (`x`,
/// `y`, `z`, with 3D positions enabled); NaN where unknown.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct WbMouseState {
    pub left: WbBool,
    pub middle: WbBool,
    pub right: WbBool,
    pub u: c_double,
    pub v: c_double,
    pub x: c_double,
    pub y: c_double,
    pub z: c_double,
}
