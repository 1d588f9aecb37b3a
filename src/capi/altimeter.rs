//! `altimeter.h`: the device's altitude (height along the world's up axis).

use std::ffi::{c_double, c_int};

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static ALTIMETER: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("Altimeter"));

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_altimeter_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_altimeter_enable", tag, *ALTIMETER, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_altimeter_disable(tag: WbDeviceTag) {
    sensor_enable("wb_altimeter_disable", tag, *ALTIMETER, 0)
}

#[no_mangle]
pub extern "C" fn wb_altimeter_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_altimeter_get_sampling_period", tag, *ALTIMETER, 0, |s| s.sampling_period)
}

/// The altitude in metres; NaN before the first sample.
#[no_mangle]
pub extern "C" fn wb_altimeter_get_value(tag: WbDeviceTag) -> c_double {
    sensor_read("wb_altimeter_get_value", "wb_altimeter_enable", tag, *ALTIMETER, f64::NAN, |s| s.values[0])
}
