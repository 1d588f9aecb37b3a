//! `plugins/robot_window/robot_window.h`: calling a custom function of the robot's window plugin. A
//! headless run loads no robot window.

use std::ffi::c_void;

/// Webots' answer when no robot window is loaded: an error and NULL.
#[no_mangle]
pub extern "C" fn wb_robot_window_custom_function(_args: *mut c_void) -> *mut c_void {
    eprintln!("Error: the robot window is not initialized");
    std::ptr::null_mut()
}
