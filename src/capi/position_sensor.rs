//! `position_sensor.h`: the position of a joint axis (radians or metres), sampled.

use std::ffi::{c_double, c_int};

use once_cell::sync::Lazy;

use super::types::{WbDeviceTag, WbJointTypeValue};
use super::{sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static POSITION_SENSOR: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("PositionSensor"));

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_position_sensor_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_position_sensor_enable", tag, *POSITION_SENSOR, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_position_sensor_disable(tag: WbDeviceTag) {
    sensor_enable("wb_position_sensor_disable", tag, *POSITION_SENSOR, 0)
}

#[no_mangle]
pub extern "C" fn wb_position_sensor_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_position_sensor_get_sampling_period", tag, *POSITION_SENSOR, 0, |s| s.sampling_period)
}

/// The last sample; NaN before the first one.
#[no_mangle]
pub extern "C" fn wb_position_sensor_get_value(tag: WbDeviceTag) -> c_double {
    let func = "wb_position_sensor_get_value";
    sensor_read(func, "wb_position_sensor_enable", tag, *POSITION_SENSOR, f64::NAN, |s| s.values[0])
}

/// `WB_ROTATIONAL` or `WB_LINEAR`, as its joint moves.
#[no_mangle]
pub extern "C" fn wb_position_sensor_get_type(tag: WbDeviceTag) -> WbJointTypeValue {
    sensor_call("wb_position_sensor_get_type", tag, *POSITION_SENSOR, 0, |s| s.setup.kind)
}

/// The motor on the same joint axis, 0 when there is none.
#[no_mangle]
pub extern "C" fn wb_position_sensor_get_motor(tag: WbDeviceTag) -> WbDeviceTag {
    sensor_call("wb_position_sensor_get_motor", tag, *POSITION_SENSOR, 0, |s| number_tag(&s.setup.numbers, 0))
}

/// The Brake on the same joint axis, 0 when there is none.
#[no_mangle]
pub extern "C" fn wb_position_sensor_get_brake(tag: WbDeviceTag) -> WbDeviceTag {
    sensor_call("wb_position_sensor_get_brake", tag, *POSITION_SENSOR, 0, |s| number_tag(&s.setup.numbers, 1))
}

/// A device tag the world sent among a sensor's numbers.
pub(crate) fn number_tag(numbers: &[f64], i: usize) -> WbDeviceTag {
    numbers.get(i).map_or(0, |&t| t as WbDeviceTag)
}
