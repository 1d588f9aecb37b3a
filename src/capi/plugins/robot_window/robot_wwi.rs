//! `plugins/robot_window/robot_wwi.h`: messages between a controller and its HTML robot window. A
//! headless run opens no window: what is sent goes nowhere and nothing is ever received, as in Webots
//! while a robot's window is closed.

use std::ffi::{c_char, c_int};
use std::ptr;

/// Sends `size` bytes to the robot window (there is none headless: the message is dropped).
#[no_mangle]
pub extern "C" fn wb_robot_wwi_send(data: *const c_char, size: c_int) {
    let _ = (data, size);
}

/// The messages the window sent since the last call (NUL-separated), with their total size in `*size`
/// (when `size` is not NULL); NULL and 0 when there are none, which is always the case headless.
///
/// # Safety
/// `size` is NULL or points to a writable int.
#[no_mangle]
pub unsafe extern "C" fn wb_robot_wwi_receive(size: *mut c_int) -> *const c_char {
    if !size.is_null() {
        // SAFETY: `size` is writable per the contract.
        unsafe { *size = 0 };
    }
    ptr::null()
}

/// The next text message from the window, NULL when there is none (always, headless).
#[no_mangle]
pub extern "C" fn wb_robot_wwi_receive_text() -> *const c_char {
    ptr::null()
}
