//! `types.h`: the types every Webots header shares.

use std::ffi::{c_int, c_ushort};

/// A device handle: 0 is the robot itself, devices are 1..N (65535 is reserved).
pub type WbDeviceTag = c_ushort;

/// Opaque structures behind the reference types (no `repr(C)`: the headers only name them).
pub struct WbImageStructPrivate {
    _private: [u8; 0],
}
pub struct WbMotionStructPrivate {
    _private: [u8; 0],
}
pub struct WbNodeStructPrivate {
    _private: [u8; 0],
}
pub struct WbProtoInfoStructPrivate {
    _private: [u8; 0],
}
pub struct WbFieldStructPrivate {
    _private: [u8; 0],
}

pub type WbImageRef = *mut WbImageStructPrivate;
pub type WbMotionRef = *mut WbMotionStructPrivate;
pub type WbNodeRef = *mut WbNodeStructPrivate;
pub type WbProtoRef = *mut WbProtoInfoStructPrivate;
pub type WbFieldRef = *mut WbFieldStructPrivate;

/// Joint types.
#[repr(C)]
pub enum WbJointType {
    WB_ROTATIONAL = 0,
    WB_LINEAR,
}

/// A `WbJointType` value as it crosses the ABI. Rendered as `WbJointType`.
pub type WbJointTypeValue = c_int;

/// Former name of `WB_ROTATIONAL`.
pub const WB_ANGULAR: c_int = 0;

/// C `bool` as the API passes it (`char` in C, `bool` in C++): read as a byte so any non-zero value is
/// true. Rendered as `bool` in the headers.
pub type WbBool = std::ffi::c_char;

/// A `WbNodeType` value as it crosses the ABI (an `int`-sized enum). Rendered as `WbNodeType`.
pub type WbNodeTypeValue = c_int;
