//! `distance_sensor.h`: what the device's rays measure, through its lookup table.

use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{lookup_table_of, lookup_table_rows, sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static DISTANCE_SENSOR: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("DistanceSensor"));

/// The `type` field.
#[repr(C)]
pub enum WbDistanceSensorType {
    WB_DISTANCE_SENSOR_GENERIC = 0,
    WB_DISTANCE_SENSOR_INFRA_RED,
    WB_DISTANCE_SENSOR_SONAR,
    WB_DISTANCE_SENSOR_LASER,
}

/// A `WbDistanceSensorType` as it crosses the ABI. Rendered as `WbDistanceSensorType`.
pub type WbDistanceSensorTypeValue = c_int;

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_distance_sensor_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_distance_sensor_enable", tag, *DISTANCE_SENSOR, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_distance_sensor_disable(tag: WbDeviceTag) {
    sensor_enable("wb_distance_sensor_disable", tag, *DISTANCE_SENSOR, 0)
}

#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_distance_sensor_get_sampling_period", tag, *DISTANCE_SENSOR, 0, |s| s.sampling_period)
}

/// The last sample; NaN before the first one.
#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_value(tag: WbDeviceTag) -> c_double {
    let func = "wb_distance_sensor_get_value";
    sensor_read(func, "wb_distance_sensor_enable", tag, *DISTANCE_SENSOR, f64::NAN, |s| s.values[0])
}

/// The largest output of the lookup table (0 when it is empty).
#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_max_value(tag: WbDeviceTag) -> c_double {
    sensor_call("wb_distance_sensor_get_max_value", tag, *DISTANCE_SENSOR, f64::NAN, |s| {
        output_range(&s.setup.lookup_table).1
    })
}

/// The smallest output of the lookup table (0 when it is empty).
#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_min_value(tag: WbDeviceTag) -> c_double {
    sensor_call("wb_distance_sensor_get_min_value", tag, *DISTANCE_SENSOR, f64::NAN, |s| {
        output_range(&s.setup.lookup_table).0
    })
}

/// The `aperture` field, rad.
#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_aperture(tag: WbDeviceTag) -> c_double {
    sensor_call("wb_distance_sensor_get_aperture", tag, *DISTANCE_SENSOR, f64::NAN, |s| {
        s.setup.numbers.first().copied().unwrap_or(0.0)
    })
}

#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_lookup_table_size(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_distance_sensor_get_lookup_table_size", tag, *DISTANCE_SENSOR, 0, |s| lookup_table_rows(s))
}

/// Rows of (distance, output, noise); NULL when the table is empty.
#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_lookup_table(tag: WbDeviceTag) -> *const c_double {
    sensor_call("wb_distance_sensor_get_lookup_table", tag, *DISTANCE_SENSOR, ptr::null(), |s| lookup_table_of(s))
}

#[no_mangle]
pub extern "C" fn wb_distance_sensor_get_type(tag: WbDeviceTag) -> WbDistanceSensorTypeValue {
    sensor_call("wb_distance_sensor_get_type", tag, *DISTANCE_SENSOR, 0, |s| s.setup.kind)
}

/// The smallest and largest outputs of a lookup table.
fn output_range(rows: &[[f64; 3]]) -> (f64, f64) {
    if rows.is_empty() {
        return (0.0, 0.0);
    }
    rows.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| (lo.min(r[1]), hi.max(r[1])))
}
