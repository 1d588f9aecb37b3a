//! `compass.h`: the direction of the world's north in the device's frame.

use std::ffi::{c_double, c_int};
use std::ptr;

use super::device_call;
use super::types::WbDeviceTag;
use crate::controller::compass::CompassState;
use crate::controller::DeviceState;

fn compass(d: &mut DeviceState) -> Option<&mut CompassState> {
    match d {
        DeviceState::Compass(c) => Some(c),
        _ => None,
    }
}

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_compass_enable(tag: WbDeviceTag, sampling_period: c_int) {
    let func = "wb_compass_enable";
    if sampling_period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    device_call(func, tag, (), compass, |c| c.enable(sampling_period))
}

/// Stops sampling; the last values stay readable.
#[no_mangle]
pub extern "C" fn wb_compass_disable(tag: WbDeviceTag) {
    device_call("wb_compass_disable", tag, (), compass, |c| c.enable(0))
}

/// The sampling period in ms (0: disabled).
#[no_mangle]
pub extern "C" fn wb_compass_get_sampling_period(tag: WbDeviceTag) -> c_int {
    device_call("wb_compass_get_sampling_period", tag, 0, compass, |c| c.sampling_period)
}

/// Three values (NaN before the first sample and on disabled axes), valid until the next step.
#[no_mangle]
pub extern "C" fn wb_compass_get_values(tag: WbDeviceTag) -> *const c_double {
    let func = "wb_compass_get_values";
    device_call(func, tag, ptr::null(), compass, |c| {
        if c.sampling_period <= 0 {
            eprintln!("Error: {func}() called for a disabled device! Please use: wb_compass_enable().");
        }
        c.values.as_ptr()
    })
}

/// Rows of the lookup table as written in the world.
#[no_mangle]
pub extern "C" fn wb_compass_get_lookup_table_size(tag: WbDeviceTag) -> c_int {
    device_call("wb_compass_get_lookup_table_size", tag, 0, compass, |c| (c.lookup_table.len() / 3) as c_int)
}

/// The lookup table, rows of (input, output, noise); NULL when it is empty.
#[no_mangle]
pub extern "C" fn wb_compass_get_lookup_table(tag: WbDeviceTag) -> *const c_double {
    device_call("wb_compass_get_lookup_table", tag, ptr::null(), compass, |c| {
        if c.lookup_table.is_empty() {
            ptr::null()
        } else {
            c.lookup_table.as_ptr()
        }
    })
}
