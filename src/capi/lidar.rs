//! `lidar.h`: a laser scanner's layers of ranges (ray casts against the bounding objects) and the
//! point cloud made from them.

use std::ffi::{c_double, c_float, c_int};
use std::ptr;

use super::lidar_point::WbLidarPoint;
use super::local_call;
use super::types::{WbBool, WbDeviceTag};
use crate::controller::ranges::LidarState;

fn lidar<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut LidarState) -> R) -> R {
    local_call(func, tag, fallback, body)
}

fn disabled(func: &str) {
    eprintln!("Error: {func}() called for a disabled device! Please use: wb_lidar_enable().");
}

/// Webots' checks of a layer index.
fn layer_ok(func: &str, l: &LidarState, layer: c_int) -> bool {
    if layer >= l.setup.layers {
        eprintln!(
            "Error: {func}() called with a 'layer' argument ({layer}) bigger or equal to the number of layers of this lidar ({}).",
            l.setup.layers
        );
        false
    } else if layer < 0 {
        eprintln!("Error: {func}() called with a negative 'layer' argument.");
        false
    } else {
        true
    }
}

/// Webots' checks before reading the point cloud.
fn cloud_ok(func: &str, l: &LidarState) -> bool {
    if !l.point_cloud {
        eprintln!(
            "Error: {func}() called for a lidar with point cloud disabled. Please use: wb_lidar_enable_point_cloud()."
        );
        false
    } else if l.period.ms <= 0 {
        disabled(func);
        false
    } else {
        l.is_allocated()
    }
}

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_lidar_enable(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_lidar_enable() called with negative sampling period.");
        return;
    }
    lidar("wb_lidar_enable", tag, (), |l| l.enable(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_lidar_enable_point_cloud(tag: WbDeviceTag) {
    lidar("wb_lidar_enable_point_cloud", tag, (), |l| l.point_cloud = true)
}

#[no_mangle]
pub extern "C" fn wb_lidar_disable(tag: WbDeviceTag) {
    lidar("wb_lidar_disable", tag, (), |l| l.period.set(0))
}

#[no_mangle]
pub extern "C" fn wb_lidar_disable_point_cloud(tag: WbDeviceTag) {
    lidar("wb_lidar_disable_point_cloud", tag, (), |l| l.point_cloud = false)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_sampling_period(tag: WbDeviceTag) -> c_int {
    lidar("wb_lidar_get_sampling_period", tag, 0, |l| l.period.ms)
}

#[no_mangle]
pub extern "C" fn wb_lidar_is_point_cloud_enabled(tag: WbDeviceTag) -> WbBool {
    lidar("wb_lidar_is_point_cloud_enabled", tag, 0, |l| WbBool::from(l.point_cloud))
}

/// The last ranges, layer after layer, left to right (infinity outside the range).
#[no_mangle]
pub extern "C" fn wb_lidar_get_range_image(tag: WbDeviceTag) -> *const c_float {
    lidar("wb_lidar_get_range_image", tag, ptr::null(), |l| {
        if l.period.ms <= 0 {
            disabled("wb_lidar_get_range_image");
        }
        if l.is_allocated() {
            l.ranges()
        } else {
            ptr::null()
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_layer_range_image(tag: WbDeviceTag, layer: c_int) -> *const c_float {
    let func = "wb_lidar_get_layer_range_image";
    lidar(func, tag, ptr::null(), |l| {
        if l.period.ms <= 0 {
            disabled(func);
            return ptr::null();
        }
        if !layer_ok(func, l, layer) || !l.is_allocated() {
            return ptr::null();
        }
        // SAFETY: layer < layers, so the offset stays inside the range image
        unsafe { l.ranges().add((layer * l.setup.horizontal_resolution) as usize) }
    })
}

/// The point cloud (`wb_lidar_get_number_of_points` points, in the lidar's frame).
#[no_mangle]
pub extern "C" fn wb_lidar_get_point_cloud(tag: WbDeviceTag) -> *const WbLidarPoint {
    let func = "wb_lidar_get_point_cloud";
    lidar(func, tag, ptr::null(), |l| if cloud_ok(func, l) { l.cloud() } else { ptr::null() })
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_layer_point_cloud(tag: WbDeviceTag, layer: c_int) -> *const WbLidarPoint {
    let func = "wb_lidar_get_layer_point_cloud";
    lidar(func, tag, ptr::null(), |l| {
        if !cloud_ok(func, l) || !layer_ok(func, l, layer) {
            return ptr::null();
        }
        // SAFETY: layer < layers, so the offset stays inside the point cloud
        unsafe { l.cloud().add((layer * l.setup.horizontal_resolution) as usize) }
    })
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_number_of_points(tag: WbDeviceTag) -> c_int {
    let func = "wb_lidar_get_number_of_points";
    lidar(func, tag, 0, |l| {
        if !l.point_cloud {
            eprintln!("Error: {func}() called for a lidar with point cloud disabled! Please use: wb_lidar_enable_point_cloud().");
            return 0;
        }
        if l.period.ms <= 0 {
            disabled(func);
            return 0;
        }
        l.points() as c_int
    })
}

/// Point `index` of the cloud; NULL out of range.
#[no_mangle]
pub extern "C" fn wb_lidar_get_point(tag: WbDeviceTag, index: c_int) -> *const WbLidarPoint {
    let func = "wb_lidar_get_point";
    lidar(func, tag, ptr::null(), |l| {
        if !cloud_ok(func, l) || index < 0 || index as usize >= l.points() {
            return ptr::null();
        }
        // SAFETY: index < points()
        unsafe { l.cloud().add(index as usize) }
    })
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_horizontal_resolution(tag: WbDeviceTag) -> c_int {
    lidar("wb_lidar_get_horizontal_resolution", tag, 0, |l| l.setup.horizontal_resolution)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_number_of_layers(tag: WbDeviceTag) -> c_int {
    lidar("wb_lidar_get_number_of_layers", tag, 0, |l| l.setup.layers)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_min_frequency(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_min_frequency", tag, f64::NAN, |l| l.setup.min_frequency)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_max_frequency(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_max_frequency", tag, f64::NAN, |l| l.setup.max_frequency)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_frequency(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_frequency", tag, f64::NAN, |l| l.setup.frequency)
}

/// A rotating head's frequency (Hz), within its limits.
#[no_mangle]
pub extern "C" fn wb_lidar_set_frequency(tag: WbDeviceTag, frequency: c_double) {
    lidar("wb_lidar_set_frequency", tag, (), |l| {
        if frequency < l.setup.min_frequency || frequency > l.setup.max_frequency {
            eprintln!(
                "Error: wb_lidar_set_frequency() out of frequency range [{:.6}, {:.6}].",
                l.setup.min_frequency, l.setup.max_frequency
            );
        } else {
            l.set_frequency(frequency);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_fov(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_fov", tag, f64::NAN, |l| l.setup.fov)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_vertical_fov(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_vertical_fov", tag, f64::NAN, |l| l.setup.vertical_fov)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_min_range(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_min_range", tag, f64::NAN, |l| l.setup.min_range)
}

#[no_mangle]
pub extern "C" fn wb_lidar_get_max_range(tag: WbDeviceTag) -> c_double {
    lidar("wb_lidar_get_max_range", tag, f64::NAN, |l| l.setup.max_range)
}
