//! `gps.h`: the device's position (or latitude, longitude, altitude in a WGS84 world) and speed.

use std::ffi::{c_char, c_double, c_int, CString};
use std::ptr;

use once_cell::sync::Lazy;

use super::types::WbDeviceTag;
use super::{guard, sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static GPS: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("GPS"));

/// The coordinate system `wb_gps_get_values` answers in (WorldInfo's `gpsCoordinateSystem`).
#[repr(C)]
pub enum WbGpsCoordinateSystem {
    WB_GPS_LOCAL_COORDINATE = 0,
    WB_GPS_WGS84_COORDINATE,
}

/// A `WbGpsCoordinateSystem` as it crosses the ABI. Rendered as `WbGpsCoordinateSystem`.
pub type WbGpsCoordinateSystemValue = c_int;

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_gps_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_gps_enable", tag, *GPS, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_gps_disable(tag: WbDeviceTag) {
    sensor_enable("wb_gps_disable", tag, *GPS, 0)
}

#[no_mangle]
pub extern "C" fn wb_gps_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_gps_get_sampling_period", tag, *GPS, 0, |s| s.sampling_period)
}

/// x, y, z in world coordinates plus `gpsReference` (latitude, longitude, altitude in a WGS84 world);
/// NaN before the first sample.
#[no_mangle]
pub extern "C" fn wb_gps_get_values(tag: WbDeviceTag) -> *const c_double {
    sensor_read("wb_gps_get_values", "wb_gps_enable", tag, *GPS, ptr::null(), |s| s.values.as_ptr())
}

/// The speed in m/s.
#[no_mangle]
pub extern "C" fn wb_gps_get_speed(tag: WbDeviceTag) -> c_double {
    sensor_read("wb_gps_get_speed", "wb_gps_enable", tag, *GPS, f64::NAN, |s| s.values[3])
}

/// The velocity in world coordinates, m/s.
#[no_mangle]
pub extern "C" fn wb_gps_get_speed_vector(tag: WbDeviceTag) -> *const c_double {
    sensor_read("wb_gps_get_speed_vector", "wb_gps_enable", tag, *GPS, ptr::null(), |s| s.values[4..].as_ptr())
}

#[no_mangle]
pub extern "C" fn wb_gps_get_coordinate_system(tag: WbDeviceTag) -> WbGpsCoordinateSystemValue {
    sensor_call("wb_gps_get_coordinate_system", tag, *GPS, 0, |s| s.setup.kind)
}

/// "D° M′ S″" with whole degrees, minutes and seconds (each truncated); the caller frees it.
#[no_mangle]
pub extern "C" fn wb_gps_convert_to_degrees_minutes_seconds(decimal_degrees: c_double) -> *const c_char {
    guard("wb_gps_convert_to_degrees_minutes_seconds", ptr::null(), || {
        let degrees = decimal_degrees as i32;
        let minutes = ((decimal_degrees - f64::from(degrees)) * 60.0) as i32;
        let seconds = (((decimal_degrees - f64::from(degrees)) * 60.0 - f64::from(minutes)) * 60.0) as i32;
        let text = CString::new(format!("{degrees}° {minutes}′ {seconds}″")).unwrap_or_default();
        // SAFETY: strdup copies a NUL-terminated string into malloc'ed memory, which the caller frees as
        // Webots documents.
        unsafe { libc::strdup(text.as_ptr()) as *const c_char }
    })
}
