//! Finding nodes and reading what they are.

use std::ffi::{c_char, c_int};
use std::ptr;

use super::{quitting, supervisor_call};
use crate::capi::c_str_arg;
use crate::capi::types::{WbBool, WbDeviceTag, WbNodeRef, WbNodeTypeValue};
use crate::controller::Controller;
use crate::protocol::{Query, QueryAnswer};

pub(crate) fn node_result(c: &mut Controller, answer: Option<QueryAnswer>) -> WbNodeRef {
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
pub(crate) fn valid_node(c: &Controller, func: &str, node: WbNodeRef, article: &str) -> Option<usize> {
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
