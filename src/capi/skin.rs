//! `skin.h`: a Skin's bones come from its mesh file, which is not loaded headless: a skin has no bones,
//! and every bone call gets Webots' out-of-bounds error.

use std::ffi::{c_char, c_double, c_int};
use std::ptr;

use super::local_call;
use super::types::{WbBool, WbDeviceTag};
use crate::controller::media::SkinState;

fn out_of_bounds(func: &str) {
    eprintln!("Error: The index of {func}() is out of the bounds.");
}

/// Turns bone `index` (axis-angle).
///
/// # Safety
/// `orientation` is NULL or holds 4 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_skin_set_bone_orientation(
    tag: WbDeviceTag,
    index: c_int,
    orientation: *const c_double,
    absolute: WbBool,
) {
    let func = "wb_skin_set_bone_orientation";
    let _ = (index, absolute);
    if orientation.is_null() {
        eprintln!("Error: {func}() called with a NaN orientation value.");
        return;
    }
    // SAFETY: as in Webots, the caller passes 4 doubles.
    let o = unsafe { std::slice::from_raw_parts(orientation, 4) };
    if o.iter().any(|v| v.is_nan()) {
        eprintln!("Error: {func}() called with a NaN orientation value.");
        return;
    }
    if o[..3].iter().all(|v| *v == 0.0) {
        eprintln!("Error: {func}() called with invalid values for the [x y z] orientation axis.");
        return;
    }
    local_call(func, tag, (), |_: &mut SkinState| out_of_bounds(func))
}

/// Moves bone `index`.
///
/// # Safety
/// `position` is NULL or holds 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_skin_set_bone_position(
    tag: WbDeviceTag,
    index: c_int,
    position: *const c_double,
    absolute: WbBool,
) {
    let func = "wb_skin_set_bone_position";
    let _ = (index, absolute);
    // SAFETY: as in Webots, the caller passes 3 doubles (or NULL, refused).
    if position.is_null() || unsafe { std::slice::from_raw_parts(position, 3) }.iter().any(|v| v.is_nan()) {
        eprintln!("Error: {func}() called with a NaN value.");
        return;
    }
    local_call(func, tag, (), |_: &mut SkinState| out_of_bounds(func))
}

/// The number of bones: 0 without the mesh.
#[no_mangle]
pub extern "C" fn wb_skin_get_bone_count(tag: WbDeviceTag) -> c_int {
    local_call("wb_skin_get_bone_count", tag, 0, |_: &mut SkinState| 0)
}

#[no_mangle]
pub extern "C" fn wb_skin_get_bone_name(tag: WbDeviceTag, index: c_int) -> *const c_char {
    let func = "wb_skin_get_bone_name";
    let _ = index;
    local_call(func, tag, ptr::null(), |_: &mut SkinState| {
        out_of_bounds(func);
        ptr::null()
    })
}

#[no_mangle]
pub extern "C" fn wb_skin_get_bone_orientation(tag: WbDeviceTag, index: c_int, absolute: WbBool) -> *const c_double {
    let func = "wb_skin_get_bone_orientation";
    let _ = (index, absolute);
    local_call(func, tag, ptr::null(), |_: &mut SkinState| {
        out_of_bounds(func);
        ptr::null()
    })
}

#[no_mangle]
pub extern "C" fn wb_skin_get_bone_position(tag: WbDeviceTag, index: c_int, absolute: WbBool) -> *const c_double {
    let func = "wb_skin_get_bone_position";
    let _ = (index, absolute);
    local_call(func, tag, ptr::null(), |_: &mut SkinState| {
        out_of_bounds(func);
        ptr::null()
    })
}
