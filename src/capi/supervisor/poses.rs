//! Positions, orientations and poses of nodes.

use std::ffi::c_double;

use super::nodes::valid_node;
use super::{quitting, supervisor_call, NAN_VECTOR};
use crate::capi::types::WbNodeRef;
use crate::controller::Controller;
use crate::protocol::{Query, QueryAnswer};

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
        // a tracked pose sent with this step's answer needs no request
        let id = c.supervision.node(addr).map(|h| h.info.id);
        if let Some(m) = id.and_then(|id| c.supervision.tracked_pose(id, from, c.time_ms)) {
            c.supervision.pose = m;
            return c.supervision.pose.as_ptr();
        }
        // a node without a frame leaves the buffer as it was, as in Webots
        if let Some(m) = pose_of(c, func, addr, from) {
            c.supervision.pose = m;
        }
        c.supervision.pose.as_ptr()
    })
}
