//! `pen.h`: a pen's ink goes onto what is below it (see the world side: the marks form its trace).

use std::ffi::{c_double, c_int};

use super::local_call;
use super::types::{WbBool, WbDeviceTag};
use crate::controller::media::PenState;
use crate::protocol::ImagerCommand;

/// Starts (true) or stops writing.
#[no_mangle]
pub extern "C" fn wb_pen_write(tag: WbDeviceTag, write: WbBool) {
    local_call("wb_pen_write", tag, (), |p: &mut PenState| p.push(ImagerCommand::PenWrite(write != 0)))
}

/// The ink colour (0xRRGGBB) and density (0 transparent to 1 opaque).
#[no_mangle]
pub extern "C" fn wb_pen_set_ink_color(tag: WbDeviceTag, color: c_int, density: c_double) {
    local_call("wb_pen_set_ink_color", tag, (), |p: &mut PenState| p.push(ImagerCommand::PenInk(color, density)))
}
