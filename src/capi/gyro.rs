//! `gyro.h`: angular velocity about the device's axes, rad/s.

use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{lookup_table_of, lookup_table_rows, sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static GYRO: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("Gyro"));

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_gyro_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_gyro_enable", tag, *GYRO, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_gyro_disable(tag: WbDeviceTag) {
    sensor_enable("wb_gyro_disable", tag, *GYRO, 0)
}

#[no_mangle]
pub extern "C" fn wb_gyro_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_gyro_get_sampling_period", tag, *GYRO, 0, |s| s.sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_gyro_get_lookup_table_size(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_gyro_get_lookup_table_size", tag, *GYRO, 0, |s| lookup_table_rows(s))
}

/// Rows of (input, output, noise); NULL when the table is empty.
#[no_mangle]
pub extern "C" fn wb_gyro_get_lookup_table(tag: WbDeviceTag) -> *const c_double {
    sensor_call("wb_gyro_get_lookup_table", tag, *GYRO, ptr::null(), |s| lookup_table_of(s))
}

/// x, y, z (NaN on a disabled axis and before the first sample), valid until the next step.
#[no_mangle]
pub extern "C" fn wb_gyro_get_values(tag: WbDeviceTag) -> *const c_double {
    sensor_read("wb_gyro_get_values", "wb_gyro_enable", tag, *GYRO, ptr::null(), |s| s.values.as_ptr())
}
