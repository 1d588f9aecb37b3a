//! Changing the scene's structure: removing nodes, importing nodes from VRML text, exporting a node's
//! text. Removals and imports act at once (an immediate flush), as in Webots.

use std::ffi::{c_char, c_int};

use super::fields::check_field;
use super::nodes::valid_node;
use super::{exit_if, flush, quitting, supervisor_call, type_name, SF_NODE};
use crate::capi::c_str_arg;
use crate::capi::nodes::WbNodeType;
use crate::capi::types::{WbFieldRef, WbNodeRef};
use crate::controller::{c_string, Controller};
use crate::protocol::{FieldData, Query, QueryAnswer, SceneAnswer, SceneCommand, SceneQuery, SupervisorCommand};

const MF_NODE: i32 = SF_NODE | super::MF;

/// Removes a node and everything it holds from the scene (a robot's controller then ends). Its
/// references, and those of what it held, are no longer valid.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_remove(node: WbNodeRef) {
    let func = "wb_supervisor_node_remove";
    exit_if(supervisor_call(func, false, |c| {
        let handle = c.supervision.node(node as usize).map(|h| (h.info.id, h.info.node_type));
        let Some((id, node_type)) = handle.filter(|(id, _)| *id != 0) else {
            if !quitting(c) {
                eprintln!("Error: {func}() called with a NULL or invalid 'node' argument.");
            }
            return false;
        };
        let viewpoint = WbNodeType::WB_NODE_VIEWPOINT as u16;
        let world_info = WbNodeType::WB_NODE_WORLD_INFO as u16;
        if node_type == viewpoint || node_type == world_info {
            if !quitting(c) {
                eprintln!("Error: {func}() called with a Viewpoint or WorldInfo node.");
            }
            return false;
        }
        flush(c, func, SupervisorCommand::Scene(SceneCommand::RemoveNode(id)))
    }));
}

/// The node's VRML text (its fields that differ from their defaults, a PROTO instance with its
/// parameters), valid until the node is exported again; "" on error.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_export_string(node: WbNodeRef) -> *const c_char {
    let func = "wb_supervisor_node_export_string";
    supervisor_call(func, c"".as_ptr(), |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return c"".as_ptr() };
        let Some(id) = c.supervision.node(addr).map(|h| h.info.id) else { return c"".as_ptr() };
        let text = match c.query_after_writes(func, Query::Scene(SceneQuery::ExportString(id))) {
            Some(QueryAnswer::Scene(SceneAnswer::Text(Some(text)))) => text,
            _ => return c"".as_ptr(),
        };
        match c.supervision.node_mut(addr) {
            Some(h) => {
                h.content = c_string(&text);
                h.content.as_ptr()
            }
            None => c"".as_ptr(),
        }
    })
}

/// The node held by a checked SFNode field, asking the world.
fn held_node(c: &mut Controller, func: &str, field: &super::fields::Checked) -> bool {
    let q = Query::FieldValue { field: field.addr, index: None };
    matches!(c.query(func, q), Some(QueryAnswer::Value(Some(FieldData::Node(Some(_))))))
}

/// Removes the node an SFNode field holds (the field is then empty).
#[no_mangle]
pub extern "C" fn wb_supervisor_field_remove_sf(field: WbFieldRef) {
    let func = "wb_supervisor_field_remove_sf";
    exit_if(supervisor_call(func, false, |c| {
        // Webots looks at the field's count first: an empty node field says so before any other check
        let is_node_field = c.supervision.field(field as usize).is_some_and(|h| h.info.type_code == SF_NODE);
        if is_node_field {
            if let Some(f) = check_field(c, func, field, Some(SF_NODE), None, false) {
                if !held_node(c, func, &f) {
                    eprintln!("Error: {func}() called for an empty field.");
                    return false;
                }
            }
        }
        let Some(f) = check_field(c, func, field, Some(SF_NODE), None, true) else { return false };
        flush(c, func, SupervisorCommand::Scene(SceneCommand::RemoveFieldNode { field: f.addr, index: None }))
    }));
}

/// Former name of `wb_supervisor_field_remove_mf` for node fields.
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_supervisor_field_remove_mf_node(field: WbFieldRef, position: c_int) {
    super::setters::wb_supervisor_field_remove_mf(field, position)
}

/// The checks both imports share: the field (writable), its type, the text.
fn import_checks<'a>(
    c: &mut Controller,
    func: &str,
    field: WbFieldRef,
    wanted: i32,
    text: Option<&'a std::ffi::CStr>,
) -> Option<(super::fields::Checked, &'a std::ffi::CStr)> {
    let f = check_field(c, func, field, None, None, true)?;
    if f.type_code != wanted {
        if !quitting(c) {
            eprintln!("Error: {func}() called with a wrong field type: {}.", type_name(f.type_code).to_string_lossy());
        }
        return None;
    }
    let Some(text) = text.filter(|t| !t.is_empty()) else {
        eprintln!("Error: {func}() called with a NULL or empty 'node_string' argument.");
        return None;
    };
    Some((f, text))
}

/// Parses `node_string` (one node or more, PROTO instances of the world's PROTOs included) and inserts
/// the nodes into an MFNode field before `position` (-1 appends; negative positions count from the end).
/// Robots among them start their controllers; devices added to a robot get the next tags.
///
/// # Safety
/// `node_string` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_import_mf_node_from_string(
    field: WbFieldRef,
    position: c_int,
    node_string: *const c_char,
) {
    let func = "wb_supervisor_field_import_mf_node_from_string";
    // SAFETY: `node_string` is NULL or NUL-terminated per this function's contract.
    let text = unsafe { c_str_arg(node_string) };
    exit_if(supervisor_call(func, false, |c| {
        let Some((f, text)) = import_checks(c, func, field, MF_NODE, text) else { return false };
        let count = match c.query(func, Query::FieldCount(f.addr)) {
            Some(QueryAnswer::Count(n)) => n,
            _ => 0,
        };
        if position < -(count + 1) || position > count {
            eprintln!(
                "Error: {func}() called with an out-of-bound index: {position} (should be between {} and {count}).",
                -(count + 1)
            );
            return false;
        }
        let index = if position < 0 { count + position + 1 } else { position };
        let text = text.to_string_lossy().into_owned();
        let cmd = SceneCommand::Import { field: f.addr, index: Some(index), text };
        flush(c, func, SupervisorCommand::Scene(cmd))
    }));
}

/// Parses `node_string` (one node) and puts it in an empty SFNode field.
///
/// # Safety
/// `node_string` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_field_import_sf_node_from_string(field: WbFieldRef, node_string: *const c_char) {
    let func = "wb_supervisor_field_import_sf_node_from_string";
    // SAFETY: `node_string` is NULL or NUL-terminated per this function's contract.
    let text = unsafe { c_str_arg(node_string) };
    exit_if(supervisor_call(func, false, |c| {
        let Some((f, text)) = import_checks(c, func, field, SF_NODE, text) else { return false };
        if held_node(c, func, &f) {
            eprintln!("Error: {func}() called with a non-empty field.");
            return false;
        }
        let text = text.to_string_lossy().into_owned();
        flush(c, func, SupervisorCommand::Scene(SceneCommand::Import { field: f.addr, index: None, text }))
    }));
}
