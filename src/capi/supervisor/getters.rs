//! Reading field values: a write queued this step reads back, anything else asks the world.

use std::ffi::{c_char, c_double, c_int};
use std::ptr;

use super::fields::{check_field, Checked, IndexUse};
use super::{
    supervisor_call, MF, SF_BOOL, SF_COLOR, SF_FLOAT, SF_INT32, SF_NODE, SF_ROTATION, SF_STRING, SF_VEC2F, SF_VEC3F,
};
use crate::capi::types::{WbBool, WbFieldRef, WbNodeRef};
use crate::controller::Controller;
use crate::protocol::{FieldData, Query, QueryAnswer};

/// The current value of a checked field item: a write queued this step if there is one, else the value
/// a tracked field got with this step's answer, else the world's.
fn read(c: &mut Controller, func: &str, f: &Checked) -> Option<FieldData> {
    if let Some(v) = c.supervision.pending_value(&f.addr, f.index) {
        return Some(v.clone());
    }
    if let Some(v) = f.index.is_none().then(|| c.supervision.tracked_value(&f.addr, c.time_ms)).flatten() {
        return Some(v.clone());
    }
    match c.query(func, Query::FieldValue { field: f.addr, index: f.index }) {
        Some(QueryAnswer::Value(v)) => v,
        _ => None,
    }
}

/// A getter: checks, reads, then `convert` turns the value into the C result (buffers live in the
/// field's handle).
fn getter<R: Clone>(
    func: &str,
    field: WbFieldRef,
    expected: i32,
    index: Option<c_int>,
    fallback: R,
    convert: impl FnOnce(&mut Controller, usize, FieldData) -> Option<R>,
) -> R {
    supervisor_call(func, fallback.clone(), |c| {
        let Some(f) = check_field(c, func, field, Some(expected), index.map(|i| (i, IndexUse::Item)), false) else {
            return fallback;
        };
        match read(c, func, &f) {
            Some(v) => convert(c, field as usize, v).unwrap_or(fallback),
            None => fallback,
        }
    })
}

fn bool_of(_: &mut Controller, _: usize, v: FieldData) -> Option<WbBool> {
    match v {
        FieldData::Bool(b) => Some(WbBool::from(b)),
        _ => None,
    }
}

fn int_of(_: &mut Controller, _: usize, v: FieldData) -> Option<c_int> {
    match v {
        FieldData::Int32(i) => Some(i),
        _ => None,
    }
}

fn float_of(_: &mut Controller, _: usize, v: FieldData) -> Option<c_double> {
    match v {
        FieldData::Float(f) => Some(f),
        _ => None,
    }
}

/// Numbers kept in the field's buffer; the pointer stays valid until the field is read again.
fn numbers_of(c: &mut Controller, field: usize, v: FieldData) -> Option<*const c_double> {
    let numbers: &[f64] = match &v {
        FieldData::Vec2f(x) => x,
        FieldData::Vec3f(x) | FieldData::Color(x) => x,
        FieldData::Rotation(x) => x,
        _ => return None,
    };
    let handle = c.supervision.field_mut(field)?;
    handle.numbers[..numbers.len()].copy_from_slice(numbers);
    Some(handle.numbers.as_ptr())
}

fn string_of(c: &mut Controller, field: usize, v: FieldData) -> Option<*const c_char> {
    let FieldData::String(s) = v else { return None };
    let handle = c.supervision.field_mut(field)?;
    handle.string = crate::controller::c_string(&s);
    Some(handle.string.as_ptr())
}

fn node_of(c: &mut Controller, _: usize, v: FieldData) -> Option<WbNodeRef> {
    match v {
        FieldData::Node(Some(info)) => Some(c.supervision.node_ref(info) as WbNodeRef),
        _ => None,
    }
}

/// A boolean field's value (false on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_bool(field: WbFieldRef) -> WbBool {
    getter("wb_supervisor_field_get_sf_bool", field, SF_BOOL, None, 0, bool_of)
}

/// A boolean field's value (false on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_bool(field: WbFieldRef, index: c_int) -> WbBool {
    getter("wb_supervisor_field_get_mf_bool", field, SF_BOOL | MF, Some(index), 0, bool_of)
}

/// An integer field's value (0 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_int32(field: WbFieldRef) -> c_int {
    getter("wb_supervisor_field_get_sf_int32", field, SF_INT32, None, 0, int_of)
}

/// An integer field's value (0 on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_int32(field: WbFieldRef, index: c_int) -> c_int {
    getter("wb_supervisor_field_get_mf_int32", field, SF_INT32 | MF, Some(index), 0, int_of)
}

/// A float field's value (0.0 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_float(field: WbFieldRef) -> c_double {
    getter("wb_supervisor_field_get_sf_float", field, SF_FLOAT, None, 0.0, float_of)
}

/// A float field's value (0.0 on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_float(field: WbFieldRef, index: c_int) -> c_double {
    getter("wb_supervisor_field_get_mf_float", field, SF_FLOAT | MF, Some(index), 0.0, float_of)
}

/// Two numbers, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_vec2f(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_vec2f", field, SF_VEC2F, None, ptr::null(), numbers_of)
}

/// Two numbers, valid until the field is read again (NULL on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_vec2f(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_vec2f", field, SF_VEC2F | MF, Some(index), ptr::null(), numbers_of)
}

/// Three numbers, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_vec3f(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_vec3f", field, SF_VEC3F, None, ptr::null(), numbers_of)
}

/// Three numbers, valid until the field is read again (NULL on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_vec3f(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_vec3f", field, SF_VEC3F | MF, Some(index), ptr::null(), numbers_of)
}

/// Axis and angle, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_rotation(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_rotation", field, SF_ROTATION, None, ptr::null(), numbers_of)
}

/// Axis and angle, valid until the field is read again (NULL on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_rotation(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_rotation", field, SF_ROTATION | MF, Some(index), ptr::null(), numbers_of)
}

/// Red, green, blue, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_color(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_color", field, SF_COLOR, None, ptr::null(), numbers_of)
}

/// Red, green, blue, valid until the field is read again (NULL on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_color(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_color", field, SF_COLOR | MF, Some(index), ptr::null(), numbers_of)
}

/// A string value, valid until the field is read again ("" on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_string(field: WbFieldRef) -> *const c_char {
    getter("wb_supervisor_field_get_sf_string", field, SF_STRING, None, c"".as_ptr(), string_of)
}

/// A string value, valid until the field is read again ("" on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_string(field: WbFieldRef, index: c_int) -> *const c_char {
    getter("wb_supervisor_field_get_mf_string", field, SF_STRING | MF, Some(index), c"".as_ptr(), string_of)
}

/// The node held by a node field (NULL when empty or on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_node(field: WbFieldRef) -> WbNodeRef {
    getter("wb_supervisor_field_get_sf_node", field, SF_NODE, None, ptr::null_mut(), node_of)
}

/// The node held by a node field (NULL when empty or on error). Item `index` of an MF field; negative indices count from the end.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_node(field: WbFieldRef, index: c_int) -> WbNodeRef {
    getter("wb_supervisor_field_get_mf_node", field, SF_NODE | MF, Some(index), ptr::null_mut(), node_of)
}
