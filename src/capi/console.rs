//! `console.h`: printing to the simulator's console, which for a headless run is the controller's own
//! output (the runner forwards it line by line, behind the robot's name).

use std::ffi::{c_char, c_int};
use std::io::Write;

use super::c_str_arg;

pub const WB_STDOUT: c_int = 1;
pub const WB_STDERR: c_int = 2;

/// Writes `text` to the console's standard output (`WB_STDOUT`) or error (`WB_STDERR`) stream; other
/// streams are ignored.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_console_print(text: *const c_char, stream: c_int) {
    // SAFETY: `text` is NULL or NUL-terminated per the contract.
    let Some(text) = (unsafe { c_str_arg(text) }) else { return };
    super::guard("wb_console_print", (), || {
        // C stdio may hold earlier output: it goes first
        // SAFETY: fflush(NULL) flushes every open C stream.
        unsafe { libc::fflush(std::ptr::null_mut()) };
        let written = match stream {
            WB_STDOUT => std::io::stdout().lock().write_all(text.to_bytes()),
            WB_STDERR => std::io::stderr().lock().write_all(text.to_bytes()),
            _ => Ok(()),
        };
        let _ = written;
    })
}
