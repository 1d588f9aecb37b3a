//! `radar.h`: the targets a radar sees (Solids with a radar cross section in its frustum).

use std::ffi::{c_double, c_int};
use std::ptr;

use super::local_call;
use super::radar_target::WbRadarTarget;
use super::types::WbDeviceTag;
use crate::controller::radar::RadarState;

fn radar<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut RadarState) -> R) -> R {
    local_call(func, tag, fallback, body)
}

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_radar_enable(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_radar_enable() called with negative sampling period.");
        return;
    }
    radar("wb_radar_enable", tag, (), |r| r.period.set(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_radar_disable(tag: WbDeviceTag) {
    radar("wb_radar_disable", tag, (), |r| r.period.set(0))
}

#[no_mangle]
pub extern "C" fn wb_radar_get_sampling_period(tag: WbDeviceTag) -> c_int {
    radar("wb_radar_get_sampling_period", tag, 0, |r| r.period.ms)
}

#[no_mangle]
pub extern "C" fn wb_radar_get_number_of_targets(tag: WbDeviceTag) -> c_int {
    radar("wb_radar_get_number_of_targets", tag, 0, |r| {
        if r.period.ms == 0 {
            eprintln!(
                "Error: wb_radar_get_number_of_targets() called for a disabled device! Please use: wb_radar_enable()."
            );
        }
        r.targets.len() as c_int
    })
}

/// The targets of the last sample.
#[no_mangle]
pub extern "C" fn wb_radar_get_targets(tag: WbDeviceTag) -> *const WbRadarTarget {
    radar("wb_radar_get_targets", tag, ptr::null(), |r| {
        if r.period.ms == 0 {
            eprintln!("Error: wb_radar_get_targets() called for a disabled device! Please use: wb_radar_enable().");
        }
        if r.targets.is_empty() {
            ptr::null()
        } else {
            r.targets.as_ptr()
        }
    })
}

/// Target `index` of the last sample (for the MATLAB wrapper); NULL out of range.
#[no_mangle]
pub extern "C" fn wb_radar_get_target(tag: WbDeviceTag, index: c_int) -> *const WbRadarTarget {
    radar("wb_radar_get_target", tag, ptr::null(), |r| {
        usize::try_from(index).ok().and_then(|i| r.targets.get(i)).map_or(ptr::null(), |t| t as *const _)
    })
}

#[no_mangle]
pub extern "C" fn wb_radar_get_min_range(tag: WbDeviceTag) -> c_double {
    radar("wb_radar_get_min_range", tag, 0.0, |r| r.limits[0])
}

#[no_mangle]
pub extern "C" fn wb_radar_get_max_range(tag: WbDeviceTag) -> c_double {
    radar("wb_radar_get_max_range", tag, 0.0, |r| r.limits[1])
}

#[no_mangle]
pub extern "C" fn wb_radar_get_horizontal_fov(tag: WbDeviceTag) -> c_double {
    radar("wb_radar_get_horizontal_fov", tag, 0.0, |r| r.limits[2])
}

#[no_mangle]
pub extern "C" fn wb_radar_get_vertical_fov(tag: WbDeviceTag) -> c_double {
    radar("wb_radar_get_vertical_fov", tag, 0.0, |r| r.limits[3])
}
