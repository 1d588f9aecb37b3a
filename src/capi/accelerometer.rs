//! `accelerometer.h`: the specific force along the device's axes, m/s² (+g upward at rest).

use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{guard, lookup_table_of, lookup_table_rows, sensor_call, sensor_enable, with_controller};
use crate::controller::DeviceState;
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static ACCELEROMETER: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("Accelerometer"));

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_accelerometer_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_accelerometer_enable", tag, *ACCELEROMETER, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_accelerometer_disable(tag: WbDeviceTag) {
    sensor_enable("wb_accelerometer_disable", tag, *ACCELEROMETER, 0)
}

#[no_mangle]
pub extern "C" fn wb_accelerometer_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_accelerometer_get_sampling_period", tag, *ACCELEROMETER, 0, |s| s.sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_accelerometer_get_lookup_table_size(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_accelerometer_get_lookup_table_size", tag, *ACCELEROMETER, 0, |s| lookup_table_rows(s))
}

/// Rows of (input, output, noise); NULL when the table is empty.
#[no_mangle]
pub extern "C" fn wb_accelerometer_get_lookup_table(tag: WbDeviceTag) -> *const c_double {
    sensor_call("wb_accelerometer_get_lookup_table", tag, *ACCELEROMETER, ptr::null(), |s| lookup_table_of(s))
}

/// x, y, z (NaN on a disabled axis and before the first sample), valid until the next step. As in
/// Webots, a bad tag returns NULL without the "invalid device tag" line (a tag past the last device
/// still gets "not found").
#[no_mangle]
pub extern "C" fn wb_accelerometer_get_values(tag: WbDeviceTag) -> *const c_double {
    let func = "wb_accelerometer_get_values";
    guard(func, ptr::null(), || {
        with_controller(func, ptr::null(), |c| {
            if tag as usize >= c.devices.len() {
                eprintln!("Error: device with tag={tag} not found.");
            }
            let Some(slot) = c.devices.get_mut(tag as usize).filter(|d| d.node_type == *ACCELEROMETER) else {
                return ptr::null();
            };
            let DeviceState::Sensor(s) = &mut slot.state else { return ptr::null() };
            if s.sampling_period == 0 {
                eprintln!("Error: {func}() called for a disabled device! Please use: wb_accelerometer_enable().");
            }
            s.values.as_ptr()
        })
    })
}
