//! `light_sensor.h`: the irradiance of the world's lights at the device, through its lookup table.

use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static LIGHT_SENSOR: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("LightSensor"));

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_light_sensor_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_light_sensor_enable", tag, *LIGHT_SENSOR, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_light_sensor_disable(tag: WbDeviceTag) {
    sensor_enable("wb_light_sensor_disable", tag, *LIGHT_SENSOR, 0)
}

#[no_mangle]
pub extern "C" fn wb_light_sensor_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_light_sensor_get_sampling_period", tag, *LIGHT_SENSOR, 0, |s| s.sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_light_sensor_get_lookup_table_size(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_light_sensor_get_lookup_table_size", tag, *LIGHT_SENSOR, 0, |s| s.setup.lookup_table.len() as c_int)
}

/// The lookup table's rows (input, output, noise), flattened.
#[no_mangle]
pub extern "C" fn wb_light_sensor_get_lookup_table(tag: WbDeviceTag) -> *const c_double {
    sensor_call("wb_light_sensor_get_lookup_table", tag, *LIGHT_SENSOR, ptr::null(), |s| {
        if s.lookup_table.is_empty() {
            ptr::null()
        } else {
            s.lookup_table.as_ptr()
        }
    })
}

/// The last value; NaN before the first sample.
#[no_mangle]
pub extern "C" fn wb_light_sensor_get_value(tag: WbDeviceTag) -> c_double {
    sensor_read("wb_light_sensor_get_value", "wb_light_sensor_enable", tag, *LIGHT_SENSOR, f64::NAN, |s| s.values[0])
}
