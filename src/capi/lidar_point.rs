//! `lidar_point.h`: one point of a lidar's point cloud (shared by both APIs).

use std::ffi::{c_float, c_int};

/// A point in the lidar's frame, its layer and the time it was acquired.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WbLidarPoint {
    pub x: c_float,
    pub y: c_float,
    pub z: c_float,
    pub layer_id: c_int,
    pub time: c_float,
}
