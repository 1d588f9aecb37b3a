//! Node states saved and loaded by name, and fields and poses tracked: the world sends their values
//! with each step answer of the sampling period, and reads made in that step use them without asking.

use std::ffi::{c_char, c_int, CStr};

use super::fields::check_field;
use super::nodes::valid_node;
use super::{exit_if, flush, quitting, supervisor_call};
use crate::capi::c_str_arg;
use crate::capi::types::{WbFieldRef, WbNodeRef};
use crate::controller::Controller;
use crate::protocol::{NodeRefId, SceneCommand, SupervisorCommand};

/// Save or load: a valid node and a state name, then the command at once.
fn state_call(func: &str, node: WbNodeRef, name: Option<&CStr>, make: fn(NodeRefId, String) -> SceneCommand) {
    exit_if(supervisor_call(func, false, |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return false };
        let Some(id) = c.supervision.node(addr).map(|h| h.info.id) else { return false };
        let Some(name) = name else {
            eprintln!("Error: {func}() called with a NULL 'state_name' argument.");
            return false;
        };
        flush(c, func, SupervisorCommand::Scene(make(id, name.to_string_lossy().into_owned())))
    }));
}

/// Saves the state of the node and its descendants (a Solid's translation and rotation, a robot's or
/// charger's battery, a joint's position, the viewpoint's view) under `state_name`.
///
/// # Safety
/// `state_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_save_state(node: WbNodeRef, state_name: *const c_char) {
    // SAFETY: `state_name` is NULL or NUL-terminated per this function's contract.
    let name = unsafe { c_str_arg(state_name) };
    state_call("wb_supervisor_node_save_state", node, name, |node, name| SceneCommand::SaveState { node, name })
}

/// Brings back the state saved under `state_name` (`"__init__"`: the state at the start), at once.
///
/// # Safety
/// `state_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_load_state(node: WbNodeRef, state_name: *const c_char) {
    // SAFETY: `state_name` is NULL or NUL-terminated per this function's contract.
    let name = unsafe { c_str_arg(state_name) };
    state_call("wb_supervisor_node_load_state", node, name, |node, name| SceneCommand::LoadState { node, name })
}

fn track_field(c: &mut Controller, func: &str, field: WbFieldRef, period_ms: Option<c_int>) -> bool {
    let Some(f) = check_field(c, func, field, None, None, false) else { return false };
    let period_ms = match period_ms {
        Some(p) if p < 0 => {
            eprintln!("Error: {func}() called with negative sampling period.");
            return false;
        }
        Some(p) => p as u32,
        None => 0,
    };
    flush(c, func, SupervisorCommand::Scene(SceneCommand::TrackField { field: f.addr, period_ms }))
}

/// Sends the field's value with every step answer of `sampling_period` ms, so reads need no request.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_enable_sf_tracking(field: WbFieldRef, sampling_period: c_int) {
    let func = "wb_supervisor_field_enable_sf_tracking";
    exit_if(supervisor_call(func, false, |c| track_field(c, func, field, Some(sampling_period))));
}

/// Stops sending the field's value.
#[no_mangle]
pub extern "C" fn wb_supervisor_field_disable_sf_tracking(field: WbFieldRef) {
    let func = "wb_supervisor_field_disable_sf_tracking";
    exit_if(supervisor_call(func, false, |c| track_field(c, func, field, None)));
}

/// The id of an optional `from_node`: `Ok(None)` for NULL, `Err` (message printed) for an invalid one.
fn from_node_id(c: &Controller, func: &str, from: WbNodeRef, message: &str) -> Result<Option<NodeRefId>, ()> {
    if from.is_null() {
        return Ok(None);
    }
    match c.supervision.node(from as usize) {
        Some(h) => Ok(Some(h.info.id)),
        None => {
            if !quitting(c) {
                eprintln!("Error: {func}() called with {message} 'from_node' argument.");
            }
            Err(())
        }
    }
}

/// Sends the node's pose relative to `from_node` (the world when NULL) with every step answer of
/// `sampling_period` ms, so `wb_supervisor_node_get_pose` needs no request.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_enable_pose_tracking(
    node: WbNodeRef,
    sampling_period: c_int,
    from_node: WbNodeRef,
) {
    let func = "wb_supervisor_node_enable_pose_tracking";
    if sampling_period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    exit_if(supervisor_call(func, false, |c| {
        let Ok(from) = from_node_id(c, func, from_node, "a NULL or invalid") else { return false };
        let Some(addr) = valid_node(c, func, node, "a ") else { return false };
        let Some(id) = c.supervision.node(addr).map(|h| h.info.id) else { return false };
        let cmd = SceneCommand::TrackPose { node: id, from, period_ms: sampling_period as u32 };
        flush(c, func, SupervisorCommand::Scene(cmd))
    }));
}

/// Stops sending the node's pose relative to `from_node`.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_disable_pose_tracking(node: WbNodeRef, from_node: WbNodeRef) {
    let func = "wb_supervisor_node_disable_pose_tracking";
    exit_if(supervisor_call(func, false, |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return false };
        let Some(id) = c.supervision.node(addr).map(|h| h.info.id) else { return false };
        let Ok(from) = from_node_id(c, func, from_node, "an invalid") else { return false };
        flush(c, func, SupervisorCommand::Scene(SceneCommand::TrackPose { node: id, from, period_ms: 0 }))
    }));
}
