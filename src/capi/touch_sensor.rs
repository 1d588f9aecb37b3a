//! `touch_sensor.h`: a bumper's touches, or the force on the device (one value, or three for
//! "force-3d").

use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{lookup_table_of, lookup_table_rows, sensor_call, sensor_enable, warn_if_disabled};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static TOUCH_SENSOR: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("TouchSensor"));

/// The `type` field.
#[repr(C)]
pub enum WbTouchSensorType {
    WB_TOUCH_SENSOR_BUMPER = 0,
    WB_TOUCH_SENSOR_FORCE,
    WB_TOUCH_SENSOR_FORCE3D,
}

/// A `WbTouchSensorType` as it crosses the ABI. Rendered as `WbTouchSensorType`.
pub type WbTouchSensorTypeValue = c_int;

const FORCE_3D: c_int = 2;

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_touch_sensor_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_touch_sensor_enable", tag, *TOUCH_SENSOR, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_touch_sensor_disable(tag: WbDeviceTag) {
    sensor_enable("wb_touch_sensor_disable", tag, *TOUCH_SENSOR, 0)
}

#[no_mangle]
pub extern "C" fn wb_touch_sensor_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_touch_sensor_get_sampling_period", tag, *TOUCH_SENSOR, 0, |s| s.sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_touch_sensor_get_lookup_table_size(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_touch_sensor_get_lookup_table_size", tag, *TOUCH_SENSOR, 0, |s| lookup_table_rows(s))
}

/// Rows of (force, output, noise); NULL when the table is empty.
#[no_mangle]
pub extern "C" fn wb_touch_sensor_get_lookup_table(tag: WbDeviceTag) -> *const c_double {
    sensor_call("wb_touch_sensor_get_lookup_table", tag, *TOUCH_SENSOR, ptr::null(), |s| lookup_table_of(s))
}

/// A bumper's 0 or 1, or a "force" sensor's value; NaN before the first sample. A "force-3d" sensor
/// is refused (before the disabled check, as in Webots).
#[no_mangle]
pub extern "C" fn wb_touch_sensor_get_value(tag: WbDeviceTag) -> c_double {
    let func = "wb_touch_sensor_get_value";
    sensor_call(func, tag, *TOUCH_SENSOR, f64::NAN, |s| {
        if s.setup.kind == FORCE_3D {
            eprintln!("Error: {func}() must be used with a TouchSensor of type \"bumper\" or \"force\"");
            eprintln!("Error: you should use wb_touch_sensor_get_values() instead.");
            return f64::NAN;
        }
        warn_if_disabled(func, "wb_touch_sensor_enable", s);
        s.values[0]
    })
}

/// A "force-3d" sensor's x, y, z; NaN before the first sample. Other types are refused (before the
/// disabled check, as in Webots).
#[no_mangle]
pub extern "C" fn wb_touch_sensor_get_values(tag: WbDeviceTag) -> *const c_double {
    let func = "wb_touch_sensor_get_values";
    sensor_call(func, tag, *TOUCH_SENSOR, ptr::null(), |s| {
        if s.setup.kind != FORCE_3D {
            eprintln!("Error: {func}() must be used with a TouchSensor of type \"force-3d\"");
            eprintln!("Error: you should use wb_touch_sensor_get_value() instead.");
            return ptr::null();
        }
        warn_if_disabled(func, "wb_touch_sensor_enable", s);
        s.values.as_ptr()
    })
}

#[no_mangle]
pub extern "C" fn wb_touch_sensor_get_type(tag: WbDeviceTag) -> WbTouchSensorTypeValue {
    sensor_call("wb_touch_sensor_get_type", tag, *TOUCH_SENSOR, 0, |s| s.setup.kind)
}
