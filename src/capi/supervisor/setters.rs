//! Writing field values: set_* waits for the next step (a second write of the same item replaces the
//! first); insert and remove act at once. Values are checked as Webots checks them.

use std::ffi::{c_char, c_double, c_int, CStr};

use super::fields::{check_field, IndexUse};
use super::{
    exit_if, flush, supervisor_call, type_name, MF, SF_BOOL, SF_COLOR, SF_FLOAT, SF_INT32, SF_NODE, SF_ROTATION,
    SF_STRING, SF_VEC2F, SF_VEC3F,
};
use crate::capi::c_str_arg;
use crate::capi::types::{WbBool, WbFieldRef};
use crate::protocol::{FieldData, Query, QueryAnswer, SceneCommand, SupervisorCommand};

/// `%g` as C prints it.
fn format_g(x: f64) -> String {
    let mut buf = [0u8; 64];
    // SAFETY: the buffer is large enough for any %g output and snprintf NUL-terminates within its size.
    let n = unsafe { libc::snprintf(buf.as_mut_ptr().cast(), buf.len(), c"%g".as_ptr(), x) };
    String::from_utf8_lossy(&buf[..n.clamp(0, 63) as usize]).into_owned()
}

/// Webots' checks of the numbers a setter writes.
fn check_numbers(func: &str, values: &[f64]) -> bool {
    let max = f64::from(f32::MAX);
    for &v in values {
        if v.is_nan() {
            eprintln!("Error: {func}() called with a NaN value.");
            return false;
        }
        if v > max {
            eprintln!("Error: {func}() called with a value greater than FLX_MAX: {} > {}.", format_g(v), format_g(max));
            return false;
        }
        if v < -max {
            eprintln!(
                "Error: {func}() called with a value smaller than -FLX_MAX): {} < {}.",
                format_g(v),
                format_g(-max)
            );
            return false;
        }
    }
    true
}

fn check_rotation(func: &str, r: &[f64; 4]) -> bool {
    if !check_numbers(func, r) {
        return false;
    }
    if r[0] == 0.0 && r[1] == 0.0 && r[2] == 0.0 {
        eprintln!("Error: {func}() called with invalid values for the [x y z] axis.");
        return false;
    }
    true
}

fn check_color(func: &str, c: &[f64; 3]) -> bool {
    if c.iter().any(|v| !(0.0..=1.0).contains(v)) {
        eprintln!("Error: {func}() called with invalid RGB values (outside [0,1] range).");
        return false;
    }
    true
}

/// `N` numbers from a C array; `None` for NULL.
///
/// # Safety
/// `p` is NULL or points to at least `N` readable doubles.
pub(crate) unsafe fn array<const N: usize>(p: *const c_double) -> Option<[f64; N]> {
    if p.is_null() {
        return None;
    }
    // SAFETY: non-NULL, and the caller guarantees N readable doubles.
    Some(unsafe { std::ptr::read_unaligned(p.cast::<[f64; N]>()) })
}

/// How a setter writes: queued for the next step (set) or at once (insert).
#[derive(Clone, Copy, PartialEq)]
enum Write {
    Set,
    Insert,
}

/// A setter: field checks, then the value's checks (`value` returns `None` after printing why), then
/// the write.
fn setter(
    func: &str,
    field: WbFieldRef,
    expected: i32,
    index: Option<(c_int, Write)>,
    value: impl FnOnce() -> Option<FieldData>,
) {
    let leave = supervisor_call(func, false, |c| {
        let usage = index.map(|(i, w)| (i, if w == Write::Insert { IndexUse::Insert } else { IndexUse::Item }));
        let Some(f) = check_field(c, func, field, Some(expected), usage, true) else { return false };
        let Some(value) = value() else { return false };
        match index {
            Some((_, Write::Insert)) => {
                let cmd = SupervisorCommand::InsertField { field: f.addr, index: f.index.unwrap_or(0), value };
                flush(c, func, cmd)
            }
            _ => {
                c.supervision.queue_set(f.addr, f.index, value);
                false
            }
        }
    });
    exit_if(leave);
}

fn float_value(func: &str, v: f64) -> Option<FieldData> {
    check_numbers(func, &[v]).then_some(FieldData::Float(v))
}

pub(crate) fn numbers<const N: usize>(func: &str, v: Option<[f64; N]>) -> Option<[f64; N]> {
    if v.is_none() {
        eprintln!("Error: {func}() called with NULL argument.");
    }
    v.filter(|v| check_numbers(func, v))
}

fn vec2_value(func: &str, v: Option<[f64; 2]>) -> Option<FieldData> {
    numbers(func, v).map(FieldData::Vec2f)
}

fn vec3_value(func: &str, v: Option<[f64; 3]>) -> Option<FieldData> {
    numbers(func, v).map(FieldData::Vec3f)
}

fn rotation_value(func: &str, v: Option<[f64; 4]>) -> Option<FieldData> {
    if v.is_none() {
        eprintln!("Error: {func}() called with NULL argument.");
    }
    v.filter(|v| check_rotation(func, v)).map(FieldData::Rotation)
}

fn color_value(func: &str, v: Option<[f64; 3]>) -> Option<FieldData> {
    if v.is_none() {
        eprintln!("Error: {func}() called with a NULL 'values' argument.");
    }
    v.filter(|v| check_color(func, v)).map(FieldData::Color)
}

fn string_value(func: &str, s: Option<&CStr>) -> Option<FieldData> {
    if s.is_none() {
        eprintln!("Error: {func}() called with a NULL string argument.");
    }
    s.map(|s| FieldData::String(s.to_string_lossy().into_owned()))
}

/// Sets a boolean field from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_sf_bool(field: WbFieldRef, value: WbBool) {
    setter("wb_supervisor_field_set_sf_bool", field, SF_BOOL, None, || Some(FieldData::Bool(value != 0)))
}

/// Sets an integer field from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_sf_int32(field: WbFieldRef, value: c_int) {
    setter("wb_supervisor_field_set_sf_int32", field, SF_INT32, None, || Some(FieldData::Int32(value)))
}

/// Sets a float field from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_sf_float(field: WbFieldRef, value: c_double) {
    let func = "wb_supervisor_field_set_sf_float";
    setter(func, field, SF_FLOAT, None, || float_value(func, value))
}

/// Sets an SFVec2f field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 2 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_sf_vec2f(field: WbFieldRef, values: *const c_double) {
    let func = "wb_supervisor_field_set_sf_vec2f";
    // SAFETY: `values` is NULL or points to 2 doubles per this function's contract.
    let values = unsafe { array::<2>(values) };
    setter(func, field, SF_VEC2F, None, || vec2_value(func, values))
}

/// Sets an SFVec3f field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_sf_vec3f(field: WbFieldRef, values: *const c_double) {
    let func = "wb_supervisor_field_set_sf_vec3f";
    // SAFETY: `values` is NULL or points to 3 doubles per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_VEC3F, None, || vec3_value(func, values))
}

/// Sets an SFRotation field (axis x y z, angle) from the next step on.
///
/// # Safety
/// `values` is NULL or points to 4 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_sf_rotation(field: WbFieldRef, values: *const c_double) {
    let func = "wb_supervisor_field_set_sf_rotation";
    // SAFETY: `values` is NULL or points to 4 doubles per this function's contract.
    let values = unsafe { array::<4>(values) };
    setter(func, field, SF_ROTATION, None, || rotation_value(func, values))
}

/// Sets an SFColor field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_sf_color(field: WbFieldRef, values: *const c_double) {
    let func = "wb_supervisor_field_set_sf_color";
    // SAFETY: `values` is NULL or points to 3 doubles per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_COLOR, None, || color_value(func, values))
}

/// Sets a string field from the next step on.
///
/// # Safety
/// `value` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_sf_string(field: WbFieldRef, value: *const c_char) {
    let func = "wb_supervisor_field_set_sf_string";
    // SAFETY: `value` is NULL or NUL-terminated per this function's contract.
    let value = unsafe { c_str_arg(value) };
    setter(func, field, SF_STRING, None, || string_value(func, value))
}

/// MFBool: Sets item `index` (negative: from the end) from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_mf_bool(field: WbFieldRef, index: c_int, value: WbBool) {
    let func = "wb_supervisor_field_set_mf_bool";
    setter(func, field, SF_BOOL | MF, Some((index, Write::Set)), || Some(FieldData::Bool(value != 0)))
}

/// MFBool: Inserts an item before `index` (-1 appends), at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_insert_mf_bool(field: WbFieldRef, index: c_int, value: WbBool) {
    let func = "wb_supervisor_field_insert_mf_bool";
    setter(func, field, SF_BOOL | MF, Some((index, Write::Insert)), || Some(FieldData::Bool(value != 0)))
}

/// MFInt32: Sets item `index` (negative: from the end) from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_mf_int32(field: WbFieldRef, index: c_int, value: c_int) {
    let func = "wb_supervisor_field_set_mf_int32";
    setter(func, field, SF_INT32 | MF, Some((index, Write::Set)), || Some(FieldData::Int32(value)))
}

/// MFInt32: Inserts an item before `index` (-1 appends), at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_insert_mf_int32(field: WbFieldRef, index: c_int, value: c_int) {
    let func = "wb_supervisor_field_insert_mf_int32";
    setter(func, field, SF_INT32 | MF, Some((index, Write::Insert)), || Some(FieldData::Int32(value)))
}

/// MFFloat: Sets item `index` (negative: from the end) from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_mf_float(field: WbFieldRef, index: c_int, value: c_double) {
    let func = "wb_supervisor_field_set_mf_float";
    setter(func, field, SF_FLOAT | MF, Some((index, Write::Set)), || float_value(func, value))
}

/// MFFloat: Inserts an item before `index` (-1 appends), at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_insert_mf_float(field: WbFieldRef, index: c_int, value: c_double) {
    let func = "wb_supervisor_field_insert_mf_float";
    setter(func, field, SF_FLOAT | MF, Some((index, Write::Insert)), || float_value(func, value))
}

/// MFVec2f (2 doubles): Sets item `index` (negative: from the end) from the next step on.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_vec2f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_vec2f";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<2>(values) };
    setter(func, field, SF_VEC2F | MF, Some((index, Write::Set)), || vec2_value(func, values))
}

/// MFVec2f (2 doubles): Inserts an item before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_vec2f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_insert_mf_vec2f";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<2>(values) };
    setter(func, field, SF_VEC2F | MF, Some((index, Write::Insert)), || vec2_value(func, values))
}

/// MFVec3f (3 doubles): Sets item `index` (negative: from the end) from the next step on.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_vec3f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_vec3f";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_VEC3F | MF, Some((index, Write::Set)), || vec3_value(func, values))
}

/// MFVec3f (3 doubles): Inserts an item before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_vec3f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_insert_mf_vec3f";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_VEC3F | MF, Some((index, Write::Insert)), || vec3_value(func, values))
}

/// MFRotation (axis and angle): Sets item `index` (negative: from the end) from the next step on.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_rotation(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_rotation";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<4>(values) };
    setter(func, field, SF_ROTATION | MF, Some((index, Write::Set)), || rotation_value(func, values))
}

/// MFRotation (axis and angle): Inserts an item before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_rotation(
    field: WbFieldRef,
    index: c_int,
    values: *const c_double,
) {
    let func = "wb_supervisor_field_insert_mf_rotation";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<4>(values) };
    setter(func, field, SF_ROTATION | MF, Some((index, Write::Insert)), || rotation_value(func, values))
}

/// MFColor (3 values in [0, 1]): Sets item `index` (negative: from the end) from the next step on.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_color(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_color";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_COLOR | MF, Some((index, Write::Set)), || color_value(func, values))
}

/// MFColor (3 values in [0, 1]): Inserts an item before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_color(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_insert_mf_color";
    // SAFETY: `values` is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_COLOR | MF, Some((index, Write::Insert)), || color_value(func, values))
}

/// MFString: Sets item `index` (negative: from the end) from the next step on.
///
/// # Safety
/// `value` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_string(field: WbFieldRef, index: c_int, value: *const c_char) {
    let func = "wb_supervisor_field_set_mf_string";
    // SAFETY: `value` is NULL or valid per this function's contract.
    let value = unsafe { c_str_arg(value) };
    setter(func, field, SF_STRING | MF, Some((index, Write::Set)), || string_value(func, value))
}

/// MFString: Inserts an item before `index` (-1 appends), at once.
///
/// # Safety
/// `value` is NULL or points to a value of the field's type.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_string(field: WbFieldRef, index: c_int, value: *const c_char) {
    let func = "wb_supervisor_field_insert_mf_string";
    // SAFETY: `value` is NULL or valid per this function's contract.
    let value = unsafe { c_str_arg(value) };
    setter(func, field, SF_STRING | MF, Some((index, Write::Insert)), || string_value(func, value))
}

/// Removes item `index` (negative: from the end) of an MF field, at once; for an MFNode field, the
/// node is removed from the scene.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_remove_mf(field: WbFieldRef, index: c_int) {
    let func = "wb_supervisor_field_remove_mf";
    let leave = supervisor_call(func, false, |c| {
        if let Some(h) = c.supervision.field(field as usize) {
            if h.info.type_code & MF != 0 {
                let count = match c.query(func, Query::FieldCount(h.info.addr)) {
                    Some(QueryAnswer::Count(n)) => n,
                    _ => 0,
                };
                if count == 0 {
                    eprintln!("Error: {func}() called for an empty field.");
                    return false;
                }
            }
        }
        let Some(f) = check_field(c, func, field, None, Some((index, IndexUse::Item)), true) else { return false };
        if f.type_code & MF == 0 {
            eprintln!("Error: {func}() called with wrong field type: {}.", type_name(f.type_code).to_string_lossy());
            return false;
        }
        let index = f.index.unwrap_or(0);
        if f.type_code == SF_NODE | MF {
            let cmd = SceneCommand::RemoveFieldNode { field: f.addr, index: Some(index) };
            return flush(c, func, SupervisorCommand::Scene(cmd));
        }
        flush(c, func, SupervisorCommand::RemoveField { field: f.addr, index })
    });
    exit_if(leave);
}
