//! `supervisor.h` (the subset test harnesses use): finding nodes, reading and writing their fields,
//! reading poses, and quitting, resetting or pacing the simulation. Every function first checks that
//! the robot is a supervisor; field functions then check the field in Webots' order (NULL, unknown,
//! read-only, type, index) with Webots' messages.

use std::ffi::{c_char, c_double, c_int, CStr};
use std::ptr;

use super::robot::cleanup_and_exit;
use super::types::{WbBool, WbDeviceTag, WbFieldRef, WbNodeRef, WbNodeTypeValue};
use super::{c_str_arg, guard, with_controller};
use crate::controller::{Controller, Lifecycle, StepResult};
use crate::protocol::{FieldAddr, FieldData, Query, QueryAnswer, SupervisorCommand};

/// `WbFieldType`: SF types 1..9, MF types are the SF type | `WB_MF`.
#[repr(C)]
pub enum WbFieldType {
    WB_NO_FIELD = 0x00,
    WB_SF_BOOL = 0x01,
    WB_SF_INT32,
    WB_SF_FLOAT,
    WB_SF_VEC2F,
    WB_SF_VEC3F,
    WB_SF_ROTATION,
    WB_SF_COLOR,
    WB_SF_STRING,
    WB_SF_NODE,
    WB_MF = 0x10,
    WB_MF_BOOL,
    WB_MF_INT32,
    WB_MF_FLOAT,
    WB_MF_VEC2F,
    WB_MF_VEC3F,
    WB_MF_ROTATION,
    WB_MF_COLOR,
    WB_MF_STRING,
    WB_MF_NODE,
}

#[repr(C)]
pub enum WbSimulationMode {
    WB_SUPERVISOR_SIMULATION_MODE_PAUSE = 0,
    WB_SUPERVISOR_SIMULATION_MODE_REAL_TIME,
    WB_SUPERVISOR_SIMULATION_MODE_FAST,
}

/// A `WbFieldType` as it crosses the ABI. Rendered as `WbFieldType`.
pub type WbFieldTypeValue = c_int;
/// A `WbSimulationMode` as it crosses the ABI. Rendered as `WbSimulationMode`.
pub type WbSimulationModeValue = c_int;

const MF: i32 = 0x10;
const SF_BOOL: i32 = 1;
const SF_INT32: i32 = 2;
const SF_FLOAT: i32 = 3;
const SF_VEC2F: i32 = 4;
const SF_VEC3F: i32 = 5;
const SF_ROTATION: i32 = 6;
const SF_COLOR: i32 = 7;
const SF_STRING: i32 = 8;
const SF_NODE: i32 = 9;

/// Returned by position, orientation and pose getters when there is nothing to return.
static NAN_VECTOR: [f64; 16] = [f64::NAN; 16];

fn type_name(code: i32) -> &'static CStr {
    match code {
        1 => c"SFBool",
        2 => c"SFInt32",
        3 => c"SFFloat",
        4 => c"SFVec2f",
        5 => c"SFVec3f",
        6 => c"SFRotation",
        7 => c"SFColor",
        8 => c"SFString",
        9 => c"SFNode",
        0x11 => c"MFBool",
        0x12 => c"MFInt32",
        0x13 => c"MFFloat",
        0x14 => c"MFVec2f",
        0x15 => c"MFVec3f",
        0x16 => c"MFRotation",
        0x17 => c"MFColor",
        0x18 => c"MFString",
        0x19 => c"MFNode",
        _ => c"",
    }
}

/// Webots stays quiet about invalid nodes and fields once the run is ending.
fn quitting(c: &Controller) -> bool {
    c.lifecycle == Lifecycle::QuitReturned
}

/// A supervisor function: guard, controller, then the supervisor check with Webots' two lines.
fn supervisor_call<R: Clone>(func: &str, fallback: R, body: impl FnOnce(&mut Controller) -> R) -> R {
    guard(func, fallback.clone(), || {
        with_controller(func, fallback.clone(), |c| {
            if !c.supervisor {
                eprintln!("Error: ignoring illegal call to {func}() in a 'Robot' controller.");
                eprintln!("Error: this function can only be used in a 'Supervisor' controller.");
                return fallback;
            }
            body(c)
        })
    })
}

/// Runs an immediate command; the process leaves if the run had already ended.
fn flush(c: &mut Controller, func: &str, cmd: SupervisorCommand) -> bool {
    matches!(c.flush(func, cmd), StepResult::ExitNow)
}

fn exit_if(leave: bool) {
    if leave {
        cleanup_and_exit();
    }
}

// ----------------------------------------------------------------------------------------------------
// Nodes

fn node_result(c: &mut Controller, answer: Option<QueryAnswer>) -> WbNodeRef {
    match answer {
        Some(QueryAnswer::Node(Some(info))) => c.supervision.node_ref(info) as WbNodeRef,
        _ => ptr::null_mut(),
    }
}

fn node_by_id(c: &mut Controller, func: &str, id: i32) -> WbNodeRef {
    match c.supervision.known_node(id) {
        Some(addr) => addr as WbNodeRef,
        None => {
            let answer = c.query(func, Query::NodeFromId(id));
            node_result(c, answer)
        }
    }
}

/// The node behind `node` if it is one of ours; otherwise Webots' message (`article` is "a " or "").
fn valid_node(c: &Controller, func: &str, node: WbNodeRef, article: &str) -> Option<usize> {
    let addr = node as usize;
    if c.supervision.node(addr).is_some() {
        return Some(addr);
    }
    if !quitting(c) {
        eprintln!("Error: {func}() called with {article}NULL or invalid 'node' argument.");
    }
    None
}

/// The scene root (a Group holding the top-level nodes).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_root() -> WbNodeRef {
    let func = "wb_supervisor_node_get_root";
    supervisor_call(func, ptr::null_mut(), |c| node_by_id(c, func, 0))
}

/// The supervisor's own Robot node.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_self() -> WbNodeRef {
    let func = "wb_supervisor_node_get_self";
    supervisor_call(func, ptr::null_mut(), |c| {
        let id = c.node_id;
        node_by_id(c, func, id)
    })
}

/// A node by DEF name; "A.B" finds B below A. NULL when there is none.
///
/// # Safety
/// `def` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_get_from_def(def: *const c_char) -> WbNodeRef {
    let func = "wb_supervisor_node_get_from_def";
    // SAFETY: `def` is NULL or NUL-terminated per this function's contract.
    let def = unsafe { c_str_arg(def) };
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(def) = def.filter(|d| !d.is_empty()) else {
            eprintln!("Error: {func}() called with a NULL or empty 'def' argument.");
            return ptr::null_mut();
        };
        let answer = c.query(func, Query::NodeFromDef { def: def.to_string_lossy().into_owned(), within: None });
        node_result(c, answer)
    })
}

/// A DEF node inside the body of the PROTO instance `node`.
///
/// # Safety
/// `def` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_get_from_proto_def(node: WbNodeRef, def: *const c_char) -> WbNodeRef {
    let func = "wb_supervisor_node_get_from_proto_def";
    // SAFETY: `def` is NULL or NUL-terminated per this function's contract.
    let def = unsafe { c_str_arg(def) };
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(def) = def.filter(|d| !d.is_empty()) else {
            eprintln!("Error: {func}() called with NULL or empty 'def' argument.");
            return ptr::null_mut();
        };
        let Some(addr) = valid_node(c, func, node, "a ") else { return ptr::null_mut() };
        let Some(handle) = c.supervision.node(addr) else { return ptr::null_mut() };
        if !handle.info.is_proto {
            if !quitting(c) {
                eprintln!("Error: {func}(): 'node' is not a PROTO node.");
            }
            return ptr::null_mut();
        }
        let within = Some(handle.info.id);
        let answer = c.query(func, Query::NodeFromDef { def: def.to_string_lossy().into_owned(), within });
        node_result(c, answer)
    })
}

/// A node by its unique id (0 is the root). NULL when there is none.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_from_id(id: c_int) -> WbNodeRef {
    let func = "wb_supervisor_node_get_from_id";
    supervisor_call(func, ptr::null_mut(), |c| {
        if id < 0 {
            eprintln!("Error: {func}() called with a negative 'id' argument.");
            return ptr::null_mut();
        }
        if let Some(addr) = c.supervision.known_node(id) {
            return addr as WbNodeRef;
        }
        // Webots does not hand out PROTO internals by id (they are reached through their instance)
        match c.query(func, Query::NodeFromId(id)) {
            Some(QueryAnswer::Node(Some(info))) if info.proto_internal => ptr::null_mut(),
            answer => node_result(c, answer),
        }
    })
}

/// The node of one of this robot's devices (tag 0: the robot itself).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_from_device(tag: WbDeviceTag) -> WbNodeRef {
    let func = "wb_supervisor_node_get_from_device";
    supervisor_call(func, ptr::null_mut(), |c| {
        if tag as usize >= c.devices.len() {
            eprintln!("Error: {func}() called with an invalid 'tag' argument.");
            return ptr::null_mut();
        }
        if tag == 0 {
            let id = c.node_id;
            return node_by_id(c, func, id);
        }
        let answer = c.query(func, Query::NodeFromDevice(tag));
        node_result(c, answer)
    })
}

/// The node holding `node` (the root for top-level nodes, NULL for the root).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_parent_node(node: WbNodeRef) -> WbNodeRef {
    let func = "wb_supervisor_node_get_parent_node";
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return ptr::null_mut() };
        match c.supervision.node(addr).and_then(|h| h.info.parent) {
            Some(parent) => node_by_id(c, func, parent),
            None => ptr::null_mut(),
        }
    })
}

/// Reads one property of a valid node.
fn node_property<R: Clone>(func: &str, node: WbNodeRef, fallback: R, read: impl FnOnce(&Controller, usize) -> R) -> R {
    supervisor_call(func, fallback.clone(), |c| match valid_node(c, func, node, "a ") {
        Some(addr) => read(c, addr),
        None => fallback,
    })
}

/// The node's unique id; -1 for an invalid node.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_id(node: WbNodeRef) -> c_int {
    let func = "wb_supervisor_node_get_id";
    node_property(func, node, -1, |c, a| match c.supervision.node(a) {
        Some(h) if h.info.proto_internal => {
            if !quitting(c) {
                eprintln!("Error: {func}() called for an internal PROTO node.");
            }
            -1
        }
        Some(h) => h.info.id,
        None => -1,
    })
}

/// The base type of the node (a PROTO instance gives its base node's type).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_type(node: WbNodeRef) -> WbNodeTypeValue {
    node_property("wb_supervisor_node_get_type", node, 0, |c, a| {
        c.supervision.node(a).map_or(0, |h| c_int::from(h.info.node_type))
    })
}

/// The PROTO name of a PROTO instance, else the base type name.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_type_name(node: WbNodeRef) -> *const c_char {
    node_property("wb_supervisor_node_get_type_name", node, c"".as_ptr(), |c, a| {
        c.supervision.node(a).map_or(c"".as_ptr(), |h| h.type_name.as_ptr())
    })
}

/// The name of the node's base type ("Solid" for a PROTO built on a Solid).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_base_type_name(node: WbNodeRef) -> *const c_char {
    node_property("wb_supervisor_node_get_base_type_name", node, c"".as_ptr(), |c, a| {
        c.supervision.node(a).map_or(c"".as_ptr(), |h| h.base_type_name.as_ptr())
    })
}

/// The node's DEF name, "" when it has none.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_def(node: WbNodeRef) -> *const c_char {
    node_property("wb_supervisor_node_get_def", node, c"".as_ptr(), |c, a| {
        c.supervision.node(a).map_or(c"".as_ptr(), |h| h.def.as_ptr())
    })
}

/// Whether the node is a PROTO instance.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_is_proto(node: WbNodeRef) -> WbBool {
    node_property("wb_supervisor_node_is_proto", node, 0, |c, a| {
        c.supervision.node(a).map_or(0, |h| WbBool::from(h.info.is_proto))
    })
}

// ----------------------------------------------------------------------------------------------------
// Field lookup

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

// ----------------------------------------------------------------------------------------------------
// Field checks

/// What an MF index is used for: the valid range differs for inserts.
#[derive(Clone, Copy, PartialEq)]
enum IndexUse {
    Item,
    Insert,
}

/// A field that passed Webots' checks: its address in the world, type, and the MF index resolved.
struct Checked {
    addr: FieldAddr,
    type_code: i32,
    index: Option<i32>,
}

/// Webots' field checks, in order: NULL, unknown, read-only (writes), type, MF index range.
fn check_field(
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

// ----------------------------------------------------------------------------------------------------
// Getters

/// The current value of a checked field item: a write queued this step if there is one, else the world's.
fn read(c: &mut Controller, func: &str, f: &Checked) -> Option<FieldData> {
    if let Some(v) = c.supervision.pending_value(&f.addr, f.index) {
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

// cbindgen does not expand macros: every exported function is written out so that the header declares it.

/// A boolean field's value (false on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_bool(field: WbFieldRef) -> WbBool {
    getter("wb_supervisor_field_get_sf_bool", field, SF_BOOL, None, 0, bool_of)
}

/// Item `index` of an MFBool field (negative: from the end; false on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_bool(field: WbFieldRef, index: c_int) -> WbBool {
    getter("wb_supervisor_field_get_mf_bool", field, SF_BOOL | MF, Some(index), 0, bool_of)
}

/// An integer field's value (0 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_int32(field: WbFieldRef) -> c_int {
    getter("wb_supervisor_field_get_sf_int32", field, SF_INT32, None, 0, int_of)
}

/// Item `index` of an MFInt32 field (negative: from the end; 0 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_int32(field: WbFieldRef, index: c_int) -> c_int {
    getter("wb_supervisor_field_get_mf_int32", field, SF_INT32 | MF, Some(index), 0, int_of)
}

/// A float field's value (0.0 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_float(field: WbFieldRef) -> c_double {
    getter("wb_supervisor_field_get_sf_float", field, SF_FLOAT, None, 0.0, float_of)
}

/// Item `index` of an MFFloat field (negative: from the end; 0.0 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_float(field: WbFieldRef, index: c_int) -> c_double {
    getter("wb_supervisor_field_get_mf_float", field, SF_FLOAT | MF, Some(index), 0.0, float_of)
}

/// Two numbers, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_vec2f(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_vec2f", field, SF_VEC2F, None, ptr::null(), numbers_of)
}

/// Item `index` of an MFVec2f field, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_vec2f(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_vec2f", field, SF_VEC2F | MF, Some(index), ptr::null(), numbers_of)
}

/// Three numbers, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_vec3f(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_vec3f", field, SF_VEC3F, None, ptr::null(), numbers_of)
}

/// Item `index` of an MFVec3f field, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_vec3f(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_vec3f", field, SF_VEC3F | MF, Some(index), ptr::null(), numbers_of)
}

/// Axis and angle, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_rotation(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_rotation", field, SF_ROTATION, None, ptr::null(), numbers_of)
}

/// Item `index` of an MFRotation field, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_rotation(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_rotation", field, SF_ROTATION | MF, Some(index), ptr::null(), numbers_of)
}

/// Red, green, blue, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_color(field: WbFieldRef) -> *const c_double {
    getter("wb_supervisor_field_get_sf_color", field, SF_COLOR, None, ptr::null(), numbers_of)
}

/// Item `index` of an MFColor field, valid until the field is read again (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_color(field: WbFieldRef, index: c_int) -> *const c_double {
    getter("wb_supervisor_field_get_mf_color", field, SF_COLOR | MF, Some(index), ptr::null(), numbers_of)
}

/// A string field's value, valid until the field is read again ("" on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_string(field: WbFieldRef) -> *const c_char {
    getter("wb_supervisor_field_get_sf_string", field, SF_STRING, None, c"".as_ptr(), string_of)
}

/// Item `index` of an MFString field, valid until the field is read again ("" on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_string(field: WbFieldRef, index: c_int) -> *const c_char {
    getter("wb_supervisor_field_get_mf_string", field, SF_STRING | MF, Some(index), c"".as_ptr(), string_of)
}

/// The node held by a node field (NULL when empty or on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_sf_node(field: WbFieldRef) -> WbNodeRef {
    getter("wb_supervisor_field_get_sf_node", field, SF_NODE, None, ptr::null_mut(), node_of)
}

/// Item `index` of an MFNode field (NULL on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_mf_node(field: WbFieldRef, index: c_int) -> WbNodeRef {
    getter("wb_supervisor_field_get_mf_node", field, SF_NODE | MF, Some(index), ptr::null_mut(), node_of)
}

// ----------------------------------------------------------------------------------------------------
// Setters

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
unsafe fn array<const N: usize>(p: *const c_double) -> Option<[f64; N]> {
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

fn numbers<const N: usize>(func: &str, v: Option<[f64; N]>) -> Option<[f64; N]> {
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

/// Sets item `index` (negative: from the end) of an MFBool field from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_mf_bool(field: WbFieldRef, index: c_int, value: WbBool) {
    let func = "wb_supervisor_field_set_mf_bool";
    setter(func, field, SF_BOOL | MF, Some((index, Write::Set)), || Some(FieldData::Bool(value != 0)))
}

/// Inserts an item into an MFBool field before `index` (-1 appends), at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_insert_mf_bool(field: WbFieldRef, index: c_int, value: WbBool) {
    let func = "wb_supervisor_field_insert_mf_bool";
    setter(func, field, SF_BOOL | MF, Some((index, Write::Insert)), || Some(FieldData::Bool(value != 0)))
}

/// Sets item `index` (negative: from the end) of an MFInt32 field from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_mf_int32(field: WbFieldRef, index: c_int, value: c_int) {
    let func = "wb_supervisor_field_set_mf_int32";
    setter(func, field, SF_INT32 | MF, Some((index, Write::Set)), || Some(FieldData::Int32(value)))
}

/// Inserts an item into an MFInt32 field before `index` (-1 appends), at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_insert_mf_int32(field: WbFieldRef, index: c_int, value: c_int) {
    let func = "wb_supervisor_field_insert_mf_int32";
    setter(func, field, SF_INT32 | MF, Some((index, Write::Insert)), || Some(FieldData::Int32(value)))
}

/// Sets item `index` (negative: from the end) of an MFFloat field from the next step on.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_set_mf_float(field: WbFieldRef, index: c_int, value: c_double) {
    let func = "wb_supervisor_field_set_mf_float";
    setter(func, field, SF_FLOAT | MF, Some((index, Write::Set)), || float_value(func, value))
}

/// Inserts an item into an MFFloat field before `index` (-1 appends), at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_insert_mf_float(field: WbFieldRef, index: c_int, value: c_double) {
    let func = "wb_supervisor_field_insert_mf_float";
    setter(func, field, SF_FLOAT | MF, Some((index, Write::Insert)), || float_value(func, value))
}

/// Sets item `index` (negative: from the end) of an MFVec2f field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 2 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_vec2f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_vec2f";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<2>(values) };
    setter(func, field, SF_VEC2F | MF, Some((index, Write::Set)), || vec2_value(func, values))
}

/// Inserts an item into an MFVec2f field before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to 2 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_vec2f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_insert_mf_vec2f";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<2>(values) };
    setter(func, field, SF_VEC2F | MF, Some((index, Write::Insert)), || vec2_value(func, values))
}

/// Sets item `index` (negative: from the end) of an MFVec3f field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_vec3f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_vec3f";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_VEC3F | MF, Some((index, Write::Set)), || vec3_value(func, values))
}

/// Inserts an item into an MFVec3f field before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_vec3f(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_insert_mf_vec3f";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_VEC3F | MF, Some((index, Write::Insert)), || vec3_value(func, values))
}

/// Sets item `index` (negative: from the end) of an MFRotation field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 4 doubles (axis x y z, angle).
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_rotation(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_rotation";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<4>(values) };
    setter(func, field, SF_ROTATION | MF, Some((index, Write::Set)), || rotation_value(func, values))
}

/// Inserts an item into an MFRotation field before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to 4 doubles (axis x y z, angle).
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_rotation(
    field: WbFieldRef,
    index: c_int,
    values: *const c_double,
) {
    let func = "wb_supervisor_field_insert_mf_rotation";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<4>(values) };
    setter(func, field, SF_ROTATION | MF, Some((index, Write::Insert)), || rotation_value(func, values))
}

/// Sets item `index` (negative: from the end) of an MFColor field from the next step on.
///
/// # Safety
/// `values` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_color(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_set_mf_color";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_COLOR | MF, Some((index, Write::Set)), || color_value(func, values))
}

/// Inserts an item into an MFColor field before `index` (-1 appends), at once.
///
/// # Safety
/// `values` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_color(field: WbFieldRef, index: c_int, values: *const c_double) {
    let func = "wb_supervisor_field_insert_mf_color";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let values = unsafe { array::<3>(values) };
    setter(func, field, SF_COLOR | MF, Some((index, Write::Insert)), || color_value(func, values))
}

/// Sets item `index` (negative: from the end) of an MFString field from the next step on.
///
/// # Safety
/// `value` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_set_mf_string(field: WbFieldRef, index: c_int, value: *const c_char) {
    let func = "wb_supervisor_field_set_mf_string";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let value = unsafe { c_str_arg(value) };
    setter(func, field, SF_STRING | MF, Some((index, Write::Set)), || string_value(func, value))
}

/// Inserts an item into an MFString field before `index` (-1 appends), at once.
///
/// # Safety
/// `value` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_insert_mf_string(field: WbFieldRef, index: c_int, value: *const c_char) {
    let func = "wb_supervisor_field_insert_mf_string";
    // SAFETY: the pointer is NULL or valid per this function's contract.
    let value = unsafe { c_str_arg(value) };
    setter(func, field, SF_STRING | MF, Some((index, Write::Insert)), || string_value(func, value))
}

/// Removes item `index` (negative: from the end) of an MF field, at once.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_remove_mf(field: WbFieldRef, index: c_int) {
    let func = "wb_supervisor_field_remove_mf";
    let leave = supervisor_call(func, false, |c| {
        if let Some(h) = c.supervision.field(field as usize) {
            if h.info.type_code & MF != 0 && h.info.type_code != (SF_NODE | MF) {
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
        if f.type_code & MF == 0 || f.type_code == SF_NODE | MF {
            eprintln!("Error: {func}() called with wrong field type: {}.", type_name(f.type_code).to_string_lossy());
            return false;
        }
        flush(c, func, SupervisorCommand::RemoveField { field: f.addr, index: f.index.unwrap_or(0) })
    });
    exit_if(leave);
}

// ----------------------------------------------------------------------------------------------------
// Poses

fn pose_of(c: &mut Controller, func: &str, node: usize, from: Option<i32>) -> Option<[f64; 16]> {
    let id = c.supervision.node(node)?.info.id;
    match c.query(func, Query::Pose { node: id, from }) {
        Some(QueryAnswer::Pose(p)) => p,
        _ => None,
    }
}

/// The node's position in world coordinates (3 NaN for nodes without a frame).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_position(node: WbNodeRef) -> *const c_double {
    let func = "wb_supervisor_node_get_position";
    supervisor_call(func, NAN_VECTOR.as_ptr(), |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return NAN_VECTOR.as_ptr() };
        let answer = pose_of(c, func, addr, None);
        let Some(h) = c.supervision.node_mut(addr) else { return NAN_VECTOR.as_ptr() };
        // without an answer (no frame, or between step_begin and step_end) the node's buffer keeps
        // its last value, NaN if it never had one, as in Webots
        if let Some(m) = answer {
            h.position = [m[3], m[7], m[11]];
        }
        h.position.as_ptr()
    })
}

/// The node's orientation in world coordinates: a 3x3 rotation matrix, row-major (9 NaN for nodes
/// without a frame).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_orientation(node: WbNodeRef) -> *const c_double {
    let func = "wb_supervisor_node_get_orientation";
    supervisor_call(func, NAN_VECTOR.as_ptr(), |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return NAN_VECTOR.as_ptr() };
        let answer = pose_of(c, func, addr, None);
        let Some(h) = c.supervision.node_mut(addr) else { return NAN_VECTOR.as_ptr() };
        if let Some(m) = answer {
            h.orientation = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
        }
        h.orientation.as_ptr()
    })
}

/// The node's frame relative to `from_node` (the world when NULL): a 4x4 matrix, row-major, in one
/// buffer shared by every call.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_pose(node: WbNodeRef, from_node: WbNodeRef) -> *const c_double {
    let func = "wb_supervisor_node_get_pose";
    supervisor_call(func, NAN_VECTOR.as_ptr(), |c| {
        let from = if from_node.is_null() {
            None
        } else {
            match c.supervision.node(from_node as usize) {
                Some(h) => Some(h.info.id),
                None => {
                    if !quitting(c) {
                        eprintln!("Error: {func}() called with a NULL or invalid 'from_node' argument.");
                    }
                    return NAN_VECTOR.as_ptr();
                }
            }
        };
        let Some(addr) = valid_node(c, func, node, "a ") else { return NAN_VECTOR.as_ptr() };
        // a node without a frame leaves the buffer as it was, as in Webots
        if let Some(m) = pose_of(c, func, addr, from) {
            c.supervision.pose = m;
        }
        c.supervision.pose.as_ptr()
    })
}

// ----------------------------------------------------------------------------------------------------
// Simulation

/// Ends the run: every controller's next step returns -1, and the runner exits with `status`.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_quit(status: c_int) {
    let func = "wb_supervisor_simulation_quit";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::Quit(status))));
}

/// Brings the world back to its loaded state at the end of this step (time 0, fields and poses as
/// loaded, device queues emptied); controllers keep running.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_reset() {
    let func = "wb_supervisor_simulation_reset";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::Reset)));
}

/// There is no physics engine yet: nothing to reset.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_reset_physics() {
    supervisor_call("wb_supervisor_simulation_reset_physics", (), |_| ())
}

/// The simulation mode, as last configured or set.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_get_mode() -> WbSimulationModeValue {
    let func = "wb_supervisor_simulation_get_mode";
    guard(func, -1, || with_controller(func, -1, |c| c.simulation_mode))
}

/// Pause (which ends a headless run: nothing could resume it), real time, or as fast as possible.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_set_mode(mode: WbSimulationModeValue) {
    let func = "wb_supervisor_simulation_set_mode";
    exit_if(supervisor_call(func, false, |c| {
        c.simulation_mode = mode;
        flush(c, func, SupervisorCommand::SetMode(mode))
    }));
}
