//! `device.h`: what every device has — a name, a model and a node type.

use std::ffi::c_char;

use super::types::{WbDeviceTag, WbNodeTypeValue};
use super::{guard, with_controller};

/// Name of the device (tag 0: the robot's name); NULL for an unknown tag.
#[no_mangle]
pub extern "C" fn wb_device_get_name(dt: WbDeviceTag) -> *const c_char {
    guard("wb_device_get_name", std::ptr::null(), || {
        with_controller("wb_device_get_name", std::ptr::null(), |c| {
            c.devices.get(dt as usize).map_or(std::ptr::null(), |d| d.name.as_ptr())
        })
    })
}

/// The `model` field of the device; NULL for an unknown tag.
#[no_mangle]
pub extern "C" fn wb_device_get_model(dt: WbDeviceTag) -> *const c_char {
    guard("wb_device_get_model", std::ptr::null(), || {
        with_controller("wb_device_get_model", std::ptr::null(), |c| {
            c.devices.get(dt as usize).map_or(std::ptr::null(), |d| d.model.as_ptr())
        })
    })
}

/// The device's `WbNodeType`; `WB_NODE_NO_NODE` for an unknown tag.
#[no_mangle]
pub extern "C" fn wb_device_get_node_type(dt: WbDeviceTag) -> WbNodeTypeValue {
    guard("wb_device_get_node_type", 0, || {
        with_controller("wb_device_get_node_type", 0, |c| {
            c.devices.get(dt as usize).map_or(0, |d| WbNodeTypeValue::from(d.node_type))
        })
    })
}

/// Former name of `wb_device_get_node_type`.
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_device_get_type(dt: WbDeviceTag) -> WbNodeTypeValue {
    wb_device_get_node_type(dt)
}
