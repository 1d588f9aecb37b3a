//! `utils/system.h`: environment and temporary-folder helpers.

use std::ffi::{c_char, CString};
use std::ptr;

use once_cell::sync::OnceCell;
use parking_lot::Mutex;

use crate::capi::types::WbBool;

/// The value of an environment variable (UTF-8 on every system here), NULL when it is not defined.
///
/// # Safety
/// `variable` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wbu_system_getenv(variable: *const c_char) -> *const c_char {
    if variable.is_null() {
        return ptr::null();
    }
    // SAFETY: a NUL-terminated name per the contract; getenv returns NULL or a string owned by libc.
    unsafe { libc::getenv(variable) }
}

/// `path` itself: short (8.3) paths only exist on Windows.
#[no_mangle]
pub extern "C" fn wbu_system_short_path(path: *const c_char) -> *const c_char {
    path
}

/// The temporary folder runs are made in (`$WEBOTS_SHIM_TMPDIR`, else `$TMPDIR`, else `/tmp`), computed
/// once.
#[no_mangle]
pub extern "C" fn wbu_system_tmpdir() -> *const c_char {
    static TMPDIR: OnceCell<CString> = OnceCell::new();
    TMPDIR.get_or_init(|| crate::controller::c_string(&crate::link::paths::tmp_root().to_string_lossy())).as_ptr()
}

/// The folder of the run this controller was launched by (`$WEBOTS_INSTANCE_PATH`, set by the runner as
/// by Webots, ending with a `/`), NULL for a controller started by hand. Read once, or again with
/// `refresh`.
#[no_mangle]
pub extern "C" fn wbu_system_webots_instance_path(refresh: WbBool) -> *const c_char {
    static PATH: Mutex<Option<Option<CString>>> = Mutex::new(None);
    let mut path = PATH.lock();
    if refresh != 0 || path.is_none() {
        let value = std::env::var_os("WEBOTS_INSTANCE_PATH").filter(|v| !v.is_empty());
        *path = Some(value.map(|v| crate::controller::c_string(&v.to_string_lossy())));
    }
    // the string lives in the static until the next refresh, as Webots' buffer does
    path.as_ref().and_then(Option::as_ref).map_or(ptr::null(), |p| p.as_ptr())
}
