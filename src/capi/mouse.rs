//! `mouse.h`: the mouse over the simulation's 3D view. A headless run has no view: the mouse can be
//! enabled, and then reports no button pressed and an unknown (NaN) position, as Webots does before
//! the mouse moves over the view.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use super::mouse_state::WbMouseState;
use super::types::WbBool;

static SAMPLING_PERIOD: AtomicI32 = AtomicI32::new(0);
static POSITION_3D: AtomicBool = AtomicBool::new(false);

/// What the mouse state is when nobody is there.
static IDLE: WbMouseState =
    WbMouseState { left: 0, middle: 0, right: 0, u: f64::NAN, v: f64::NAN, x: f64::NAN, y: f64::NAN, z: f64::NAN };

/// Starts (or with 0 stops) reading the mouse every `sampling_period` ms.
#[no_mangle]
pub extern "C" fn wb_mouse_enable(sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_mouse_enable() called with negative sampling period.");
        return;
    }
    SAMPLING_PERIOD.store(sampling_period, Ordering::Relaxed);
}

/// Stops reading the mouse.
#[no_mangle]
pub extern "C" fn wb_mouse_disable() {
    wb_mouse_enable(0);
}

/// The mouse's sampling period in ms (0: disabled).
#[no_mangle]
pub extern "C" fn wb_mouse_get_sampling_period() -> c_int {
    SAMPLING_PERIOD.load(Ordering::Relaxed)
}

/// Asks for the 3D position under the mouse too (the mouse must be enabled).
#[no_mangle]
pub extern "C" fn wb_mouse_enable_3d_position() {
    if SAMPLING_PERIOD.load(Ordering::Relaxed) == 0 {
        eprintln!("Error: wb_mouse_enable_3d_position() called for a disabled device! Please use: wb_mouse_enable().");
        return;
    }
    POSITION_3D.store(true, Ordering::Relaxed);
}

/// Stops asking for the 3D position.
#[no_mangle]
pub extern "C" fn wb_mouse_disable_3d_position() {
    POSITION_3D.store(false, Ordering::Relaxed);
}

/// Whether the 3D position is asked for.
#[no_mangle]
pub extern "C" fn wb_mouse_is_3d_position_enabled() -> WbBool {
    WbBool::from(POSITION_3D.load(Ordering::Relaxed))
}

/// The mouse's state at the last sample.
#[no_mangle]
pub extern "C" fn wb_mouse_get_state() -> WbMouseState {
    IDLE
}

/// The same state, by address (the ctypes wrappers use this one): a copy of the library's own, which
/// the caller may write to as Webots' (non-const) pointer allows.
#[no_mangle]
pub extern "C" fn wb_mouse_get_state_pointer() -> *mut WbMouseState {
    static STATE: once_cell::sync::OnceCell<usize> = once_cell::sync::OnceCell::new();
    *STATE.get_or_init(|| Box::into_raw(Box::new(IDLE)) as usize) as *mut WbMouseState
}
