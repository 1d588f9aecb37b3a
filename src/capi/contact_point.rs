//! `contact_point.h`: what `wb_supervisor_node_get_contact_points` returns.

use std::ffi::{c_double, c_int};

/// A contact point in world coordinates, and the id of the Solid whose geometry it touches.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WbContactPoint {
    pub point: [c_double; 3],
    pub node_id: c_int,
}
