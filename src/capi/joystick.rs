//! `joystick.h`: a joystick plugged into the machine running the simulation. A headless run never has
//! one: the joystick can be enabled and then reports itself not connected, with no axes, povs or
//! buttons, as Webots does without a joystick; misuses print Webots' messages.

use std::ffi::{c_char, c_double, c_int};
use std::sync::atomic::{AtomicI32, Ordering};

use super::types::WbBool;

static SAMPLING_PERIOD: AtomicI32 = AtomicI32::new(0);

/// Whether the joystick is enabled; prints Webots' error for `func` when it is not.
fn enabled(func: &str) -> bool {
    let on = SAMPLING_PERIOD.load(Ordering::Relaxed) > 0;
    if !on {
        eprintln!("Error: {func}() called for a disabled device! Please use: wb_joystick_enable().");
    }
    on
}

/// Starts (or with 0 stops) reading the joystick every `sampling_period` ms.
#[no_mangle]
pub extern "C" fn wb_joystick_enable(sampling_period: c_int) {
    SAMPLING_PERIOD.store(sampling_period, Ordering::Relaxed);
}

/// Stops reading the joystick.
#[no_mangle]
pub extern "C" fn wb_joystick_disable() {
    wb_joystick_enable(0);
}

/// The joystick's sampling period in ms (0: disabled).
#[no_mangle]
pub extern "C" fn wb_joystick_get_sampling_period() -> c_int {
    SAMPLING_PERIOD.load(Ordering::Relaxed)
}

/// Whether a joystick is connected: never, headless.
#[no_mangle]
pub extern "C" fn wb_joystick_is_connected() -> WbBool {
    enabled("wb_joystick_is_connected");
    0
}

/// The joystick's model; NULL without a joystick.
#[no_mangle]
pub extern "C" fn wb_joystick_get_model() -> *const c_char {
    std::ptr::null()
}

/// Number of axes (0 without a joystick).
#[no_mangle]
pub extern "C" fn wb_joystick_get_number_of_axes() -> c_int {
    enabled("wb_joystick_get_number_of_axes");
    0
}

/// Value of `axis` (0 without a joystick).
#[no_mangle]
pub extern "C" fn wb_joystick_get_axis_value(axis: c_int) -> c_int {
    let func = "wb_joystick_get_axis_value";
    enabled(func);
    if axis >= 0 {
        eprintln!(
            "Error: {func}() called with an 'axis' argument ({axis}) bigger than or equal to the number of axes (0)."
        );
    }
    0
}

/// Number of points of view (0 without a joystick).
#[no_mangle]
pub extern "C" fn wb_joystick_get_number_of_povs() -> c_int {
    enabled("wb_joystick_get_number_of_povs");
    0
}

/// Value of point of view `pov` (0 without a joystick).
#[no_mangle]
pub extern "C" fn wb_joystick_get_pov_value(pov: c_int) -> c_int {
    let func = "wb_joystick_get_pov_value";
    enabled(func);
    if pov >= 0 {
        // Webots' text says "axes" here too
        eprintln!(
            "Error: {func}() called with a 'pov' argument ({pov}) bigger than or equal to the number of axes (0)."
        );
    }
    0
}

/// The next button pressed during the last step, or -1 when there is none (always, headless).
#[no_mangle]
pub extern "C" fn wb_joystick_get_pressed_button() -> c_int {
    enabled("wb_joystick_get_pressed_button");
    -1
}

/// Force feedback level (needs an enabled joystick; nothing to drive headless).
#[no_mangle]
pub extern "C" fn wb_joystick_set_constant_force(_level: c_int) {
    enabled("wb_joystick_set_constant_force");
}

/// Force feedback duration in seconds.
#[no_mangle]
pub extern "C" fn wb_joystick_set_constant_force_duration(duration: c_double) {
    let func = "wb_joystick_set_constant_force_duration";
    if enabled(func) && duration < 0.0 {
        eprintln!("Error: {func}() called with a negative 'duration' argument.");
    }
}

/// Auto-centering gain of the force feedback.
#[no_mangle]
pub extern "C" fn wb_joystick_set_auto_centering_gain(_gain: c_double) {
    enabled("wb_joystick_set_auto_centering_gain");
}

/// Resistance gain of the force feedback.
#[no_mangle]
pub extern "C" fn wb_joystick_set_resistance_gain(_gain: c_double) {
    enabled("wb_joystick_set_resistance_gain");
}

/// The axis the force feedback acts on.
#[no_mangle]
pub extern "C" fn wb_joystick_set_force_axis(axis: c_int) {
    let func = "wb_joystick_set_force_axis";
    if enabled(func) {
        eprintln!(
            "Error: {func}() called with an 'axis' argument ({axis}) bigger than or equal to the number of axes (0)."
        );
    }
}
