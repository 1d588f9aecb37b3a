//! `keyboard.h`: the keyboard of the machine running the simulation. A headless run has none: the
//! keyboard can be enabled, and then reports no key, as Webots does while nobody types.

use std::ffi::c_int;
use std::sync::atomic::{AtomicI32, Ordering};

pub const WB_KEYBOARD_END: c_int = 312;
pub const WB_KEYBOARD_HOME: c_int = 313;
pub const WB_KEYBOARD_LEFT: c_int = 314;
pub const WB_KEYBOARD_UP: c_int = 315;
pub const WB_KEYBOARD_RIGHT: c_int = 316;
pub const WB_KEYBOARD_DOWN: c_int = 317;
pub const WB_KEYBOARD_PAGEUP: c_int = 366;
pub const WB_KEYBOARD_PAGEDOWN: c_int = 367;
pub const WB_KEYBOARD_NUMPAD_HOME: c_int = 375;
pub const WB_KEYBOARD_NUMPAD_LEFT: c_int = 376;
pub const WB_KEYBOARD_NUMPAD_UP: c_int = 377;
pub const WB_KEYBOARD_NUMPAD_RIGHT: c_int = 378;
pub const WB_KEYBOARD_NUMPAD_DOWN: c_int = 379;
pub const WB_KEYBOARD_NUMPAD_END: c_int = 382;
/// Mask of the key code in a `wb_keyboard_get_key` value; the modifiers are bits above it.
pub const WB_KEYBOARD_KEY: c_int = 0x0000ffff;
pub const WB_KEYBOARD_SHIFT: c_int = 0x00010000;
pub const WB_KEYBOARD_CONTROL: c_int = 0x00020000;
pub const WB_KEYBOARD_ALT: c_int = 0x00040000;

static SAMPLING_PERIOD: AtomicI32 = AtomicI32::new(0);

/// Starts (or with 0 stops) reading the keyboard every `sampling_period` ms.
#[no_mangle]
pub extern "C" fn wb_keyboard_enable(sampling_period: c_int) {
    SAMPLING_PERIOD.store(sampling_period, Ordering::Relaxed);
}

/// Stops reading the keyboard.
#[no_mangle]
pub extern "C" fn wb_keyboard_disable() {
    wb_keyboard_enable(0);
}

/// The keyboard's sampling period in ms (0: disabled).
#[no_mangle]
pub extern "C" fn wb_keyboard_get_sampling_period() -> c_int {
    SAMPLING_PERIOD.load(Ordering::Relaxed)
}

/// The next key pressed during the last step, or -1 when there is none (always, headless).
#[no_mangle]
pub extern "C" fn wb_keyboard_get_key() -> c_int {
    if SAMPLING_PERIOD.load(Ordering::Relaxed) <= 0 {
        eprintln!("Error: wb_keyboard_get_key() called for a disabled device! Please use: wb_keyboard_enable().");
    }
    -1
}
