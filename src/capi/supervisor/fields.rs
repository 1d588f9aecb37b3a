//! Field references: looking fields up, Webots' field checks, and what a field is.

use std::ffi::{c_char, c_int, CStr};
use std::ptr;

use super::nodes::valid_node;
use super::{quitting, supervisor_call, type_name, WbFieldTypeValue, MF};
use crate::capi::c_str_arg;
use crate::capi::types::{WbFieldRef, WbNodeRef};
use crate::controller::Controller;
use crate::protocol::{FieldAddr, Query, QueryAnswer};

fn field_result(c: &mut Controller, answer: Option<QueryAnswer>) -> WbFieldRef {
    match answer {
        Some(QueryAnswer::Field(Some(info))) => c.supervision.field_ref(info) as WbFieldRef,
        _ => ptr::null_mut(),
    }
}

fn field_by_name(func: &str, node: WbNodeRef, name: Option<&CStr>, base: bool) -> WbFieldRef {
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(addr) = valid_node(c, func, node, if base { "" } else { "a " }) else { return ptr::null_mut() };
        let Some(handle) = c.supervision.node(addr) else { return ptr::null_mut() };
        if base && !handle.info.is_proto {
            if !quitting(c) {
                eprintln!("Error: {func}(): 'node' is not a PROTO node.");
            }
            return ptr::null_mut();
        }
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            let article = if base { "" } else { "a " };
            eprintln!("Error: {func}() called with {article}NULL or empty 'field_name' argument.");
            return ptr::null_mut();
        };
        let q = Query::FieldByName { node: handle.info.id, name: name.to_string_lossy().into_owned(), base };
        let answer = c.query(func, q);
        field_result(c, answer)
    })
}

fn field_by_index(func: &str, node: WbNodeRef, index: c_int, base: bool) -> WbFieldRef {
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return ptr::null_mut() };
        if index < 0 {
            if !quitting(c) {
                let article = if base { "a" } else { "an" };
                eprintln!("Error: {func}() called with {article} negative 'index' argument: {index}.");
            }
            return ptr::null_mut();
        }
        let Some(id) = c.supervision.node(addr).map(|h| h.info.id) else { return ptr::null_mut() };
        let answer = c.query(func, Query::FieldByIndex { node: id, index, base });
        field_result(c, answer)
    })
}

fn number_of_fields(func: &str, node: WbNodeRef, base: bool) -> c_int {
    supervisor_call(func, -1, |c| {
        let Some(addr) = valid_node(c, func, node, "") else { return -1 };
        let count =
            c.supervision.node(addr).map_or(0, |h| if base { h.info.base_field_count } else { h.info.field_count });
        if count == 0 {
            -1
        } else {
            count
        }
    })
}

/// A field of the node by name (a PROTO instance's own parameters). NULL when there is none.
///
/// # Safety
/// `field_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_get_field(node: WbNodeRef, field_name: *const c_char) -> WbFieldRef {
    // SAFETY: `field_name` is NULL or NUL-terminated per this function's contract.
    let name = unsafe { c_str_arg(field_name) };
    field_by_name("wb_supervisor_node_get_field", node, name, false)
}

/// A field of the node by position (0-based).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_field_by_index(node: WbNodeRef, index: c_int) -> WbFieldRef {
    field_by_index("wb_supervisor_node_get_field_by_index", node, index, false)
}

/// How many fields `get_field_by_index` reaches (-1 for none or an invalid node).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_number_of_fields(node: WbNodeRef) -> c_int {
    number_of_fields("wb_supervisor_node_get_number_of_fields", node, false)
}

/// A field of a PROTO instance's base node (read-only).
///
/// # Safety
/// `field_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_get_base_node_field(
    node: WbNodeRef,
    field_name: *const c_char,
) -> WbFieldRef {
    // SAFETY: `field_name` is NULL or NUL-terminated per this function's contract.
    let name = unsafe { c_str_arg(field_name) };
    field_by_name("wb_supervisor_node_get_base_node_field", node, name, true)
}

/// A field of a PROTO instance's base node by position (read-only).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_base_node_field_by_index(node: WbNodeRef, index: c_int) -> WbFieldRef {
    field_by_index("wb_supervisor_node_get_base_node_field_by_index", node, index, true)
}

/// How many fields the base node of a PROTO instance has (-1 for none or an invalid node).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_number_of_base_node_fields(node: WbNodeRef) -> c_int {
    number_of_fields("wb_supervisor_node_get_number_of_base_node_fields", node, true)
}

/// Older spelling of `wb_supervisor_node_get_base_node_field`.
///
/// # Safety
/// `field_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_get_proto_field(node: WbNodeRef, field_name: *const c_char) -> WbFieldRef {
    // SAFETY: `field_name` is NULL or NUL-terminated per this function's contract.
    let name = unsafe { c_str_arg(field_name) };
    field_by_name("wb_supervisor_node_get_proto_field", node, name, true)
}

/// Older spelling of `wb_supervisor_node_get_base_node_field_by_index`.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_proto_field_by_index(node: WbNodeRef, index: c_int) -> WbFieldRef {
    field_by_index("wb_supervisor_node_get_proto_field_by_index", node, index, true)
}

/// Older spelling of `wb_supervisor_node_get_number_of_base_node_fields`.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_proto_number_of_fields(node: WbNodeRef) -> c_int {
    number_of_fields("wb_supervisor_node_get_proto_number_of_fields", node, true)
}

/// What an MF index is used for: the valid range differs for inserts.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum IndexUse {
    Item,
    Insert,
}

/// A field that passed Webots' checks: its address in the world, type, and the MF index resolved.
pub(crate) struct Checked {
    pub addr: FieldAddr,
    pub type_code: i32,
    pub index: Option<i32>,
}

/// Webots' field checks, in order: NULL, unknown, read-only (writes), type, MF index range.
pub(crate) fn check_field(
    c: &mut Controller,
    func: &str,
    field: WbFieldRef,
    expected: Option<i32>,
    index: Option<(c_int, IndexUse)>,
    write: bool,
) -> Option<Checked> {
    if field.is_null() {
        if !quitting(c) {
            eprintln!("Error: {func}() called with NULL 'field' argument.");
        }
        return None;
    }
    let Some(handle) = c.supervision.field(field as usize) else {
        eprintln!("Error: {func}() called with invalid 'field' argument.");
        return None;
    };
    let (addr, type_code, read_only) = (handle.info.addr, handle.info.type_code, handle.info.read_only);
    if write && read_only {
        eprintln!("Error: {func}() called on a read-only PROTO internal field.");
        return None;
    }
    if expected.is_some_and(|t| t != type_code) {
        if !quitting(c) {
            eprintln!("Error: {func}() called with wrong field type: {}.", type_name(type_code).to_string_lossy());
        }
        return None;
    }
    let Some((i, usage)) = index else { return Some(Checked { addr, type_code, index: None }) };
    let count = match c.query(func, Query::FieldCount(addr)) {
        // an SF field counts -1, so Webots' range test fails it with bounds (1, -2)
        Some(QueryAnswer::Count(n)) => n,
        _ => 0,
    };
    let (low, high) = match usage {
        IndexUse::Item => (-count, count - 1),
        IndexUse::Insert => (-count - 1, count),
    };
    if i < low || i > high {
        if count == 0 {
            eprintln!("Error: {func}() called on an empty list.");
        } else {
            eprintln!("Error: {func}() called with an out-of-bound index: {i} (should be between {low} and {high}).");
        }
        return None;
    }
    let resolved = match (i < 0, usage) {
        (false, _) => i,
        (true, IndexUse::Item) => i + count,
        (true, IndexUse::Insert) => i + count + 1,
    };
    Some(Checked { addr, type_code, index: Some(resolved) })
}

/// The field's type; `WB_NO_FIELD` for an invalid field.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_type(field: WbFieldRef) -> WbFieldTypeValue {
    let func = "wb_supervisor_field_get_type";
    supervisor_call(func, 0, |c| check_field(c, func, field, None, None, false).map_or(0, |f| f.type_code))
}

/// The field's type as VRML spells it ("SFVec3f"); "" for an invalid field.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_type_name(field: WbFieldRef) -> *const c_char {
    let func = "wb_supervisor_field_get_type_name";
    supervisor_call(func, c"".as_ptr(), |c| {
        check_field(c, func, field, None, None, false).map_or(c"".as_ptr(), |f| type_name(f.type_code).as_ptr())
    })
}

/// The field's name; "" for an invalid field.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_name(field: WbFieldRef) -> *const c_char {
    let func = "wb_supervisor_field_get_name";
    supervisor_call(func, c"".as_ptr(), |c| match check_field(c, func, field, None, None, false) {
        Some(_) => c.supervision.field(field as usize).map_or(c"".as_ptr(), |h| h.name.as_ptr()),
        None => c"".as_ptr(),
    })
}

/// The number of items of an MF field; -1 for SF fields and invalid fields.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_count(field: WbFieldRef) -> c_int {
    let func = "wb_supervisor_field_get_count";
    supervisor_call(func, -1, |c| {
        let Some(f) = check_field(c, func, field, None, None, false) else { return -1 };
        if f.type_code & MF == 0 {
            return -1;
        }
        match c.query(func, Query::FieldCount(f.addr)) {
            Some(QueryAnswer::Count(n)) => n,
            _ => -1,
        }
    })
}
