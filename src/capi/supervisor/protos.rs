//! The PROTO API (R2025a): the PROTO of an instance and the PROTOs it derives from, their interface
//! fields (read-only), and the scene-tree field a read-only field takes its value from.

use std::ffi::{c_char, c_int};
use std::ptr;

use super::fields::check_field;
use super::{quitting, supervisor_call};
use crate::capi::types::{WbBool, WbFieldRef, WbNodeRef, WbProtoRef};
use crate::capi::{c_str_arg, guard, with_controller};
use crate::controller::Controller;
use crate::protocol::{FieldKey, NodeRefId, Query, QueryAnswer, SceneAnswer, SceneQuery};

/// The handle of layer `layer` of instance `node`, asking the world; NULL when there is none.
fn proto_ref(c: &mut Controller, func: &str, node: NodeRefId, layer: u8) -> WbProtoRef {
    match c.query(func, Query::Scene(SceneQuery::Proto { node, layer })) {
        Some(QueryAnswer::Scene(SceneAnswer::Proto(Some(info)))) => {
            c.supervision.proto_ref(node, layer, info) as WbProtoRef
        }
        _ => ptr::null_mut(),
    }
}

/// (node, layer, is_derived, field count) of a valid proto reference; Webots' message otherwise.
fn valid_proto(c: &Controller, func: &str, proto: WbProtoRef) -> Option<(NodeRefId, u8, bool, i32)> {
    match c.supervision.proto(proto as usize) {
        Some(p) => Some((p.node, p.layer, p.info.is_derived, p.info.field_count)),
        None => {
            if !quitting(c) {
                eprintln!("Error: {func}() called with a NULL or invalid 'proto' argument.");
            }
            None
        }
    }
}

/// The functions Webots does not restrict to supervisors (they only read what a reference holds).
fn proto_property<R: Clone>(func: &str, fallback: R, read: impl FnOnce(&Controller) -> R) -> R {
    guard(func, fallback.clone(), || with_controller(func, fallback, |c| read(c)))
}

/// The PROTO the node is an instance of (NULL when it is not a PROTO instance).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_proto(node: WbNodeRef) -> WbProtoRef {
    let func = "wb_supervisor_node_get_proto";
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(handle) = c.supervision.node(node as usize).map(|h| (h.info.id, h.info.is_proto)) else {
            if !quitting(c) {
                eprintln!("Error: {func}() called with a NULL 'node' argument.");
            }
            return ptr::null_mut();
        };
        match handle {
            (id, true) => proto_ref(c, func, id, 0),
            _ => ptr::null_mut(),
        }
    })
}

/// The PROTO's name ("" on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_proto_get_type_name(proto: WbProtoRef) -> *const c_char {
    let func = "wb_supervisor_proto_get_type_name";
    proto_property(func, c"".as_ptr(), |c| match valid_proto(c, func, proto) {
        Some(_) => c.supervision.proto(proto as usize).map_or(c"".as_ptr(), |p| p.type_name.as_ptr()),
        None => c"".as_ptr(),
    })
}

/// Whether the PROTO is built on another PROTO.
#[no_mangle]
pub extern "C" fn wb_supervisor_proto_is_derived(proto: WbProtoRef) -> WbBool {
    let func = "wb_supervisor_proto_is_derived";
    proto_property(func, 0, |c| valid_proto(c, func, proto).map_or(0, |(_, _, derived, _)| WbBool::from(derived)))
}

/// The PROTO this one is built on (NULL for a PROTO built on a base node).
#[no_mangle]
pub extern "C" fn wb_supervisor_proto_get_parent(proto: WbProtoRef) -> WbProtoRef {
    let func = "wb_supervisor_proto_get_parent";
    supervisor_call(func, ptr::null_mut(), |c| match valid_proto(c, func, proto) {
        Some((node, layer, true, _)) => proto_ref(c, func, node, layer + 1),
        _ => ptr::null_mut(),
    })
}

/// How many interface fields the PROTO has (-1 on error).
#[no_mangle]
pub extern "C" fn wb_supervisor_proto_get_number_of_fields(proto: WbProtoRef) -> c_int {
    let func = "wb_supervisor_proto_get_number_of_fields";
    proto_property(func, -1, |c| valid_proto(c, func, proto).map_or(-1, |(_, _, _, count)| count))
}

fn proto_field(c: &mut Controller, func: &str, node: NodeRefId, layer: u8, field: FieldKey) -> WbFieldRef {
    match c.query(func, Query::Scene(SceneQuery::ProtoField { node, layer, field })) {
        Some(QueryAnswer::Scene(SceneAnswer::Field(Some(info)))) => c.supervision.field_ref(info) as WbFieldRef,
        _ => ptr::null_mut(),
    }
}

/// An interface field of the PROTO, as this instance sets it (read-only); NULL when there is none.
///
/// # Safety
/// `field_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_proto_get_field(proto: WbProtoRef, field_name: *const c_char) -> WbFieldRef {
    let func = "wb_supervisor_proto_get_field";
    // SAFETY: `field_name` is NULL or NUL-terminated per this function's contract.
    let name = unsafe { c_str_arg(field_name) };
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some((node, layer, _, _)) = valid_proto(c, func, proto) else { return ptr::null_mut() };
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            eprintln!("Error: {func}() called with a NULL or empty 'field_name' argument.");
            return ptr::null_mut();
        };
        proto_field(c, func, node, layer, FieldKey::Name(name.to_string_lossy().into_owned()))
    })
}

/// Interface field `index` of the PROTO (read-only); NULL past the last one.
#[no_mangle]
pub extern "C" fn wb_supervisor_proto_get_field_by_index(proto: WbProtoRef, index: c_int) -> WbFieldRef {
    let func = "wb_supervisor_proto_get_field_by_index";
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some((node, layer, _, count)) = valid_proto(c, func, proto) else { return ptr::null_mut() };
        if index < 0 {
            if !quitting(c) {
                eprintln!("Error: {func}() called with a negative 'index' argument: {index}.");
            }
            return ptr::null_mut();
        }
        if index >= count {
            return ptr::null_mut();
        }
        proto_field(c, func, node, layer, FieldKey::Index(index))
    })
}

/// The field of the scene tree a field takes its value from: itself when it can be written, else the
/// PROTO parameter that sets it; NULL when no scene-tree field does.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_get_actual_field(field: WbFieldRef) -> WbFieldRef {
    let func = "wb_supervisor_field_get_actual_field";
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some(f) = check_field(c, func, field, None, None, false) else { return ptr::null_mut() };
        if c.supervision.field(field as usize).is_some_and(|h| !h.info.read_only) {
            return field;
        }
        match c.query(func, Query::Scene(SceneQuery::ActualField(f.addr))) {
            Some(QueryAnswer::Scene(SceneAnswer::Field(Some(info)))) => c.supervision.field_ref(info) as WbFieldRef,
            _ => ptr::null_mut(),
        }
    })
}
