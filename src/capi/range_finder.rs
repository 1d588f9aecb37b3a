//! `range_finder.h`: a depth camera's range image, from ray casts against the bounding objects.

use std::ffi::{c_char, c_double, c_float, c_int};
use std::ptr;

use super::types::WbDeviceTag;
use super::{c_str_arg, guard, local_call};
use crate::controller::image_file;
use crate::controller::ranges::RangeFinderState;

fn range_finder<R: Clone>(
    func: &str,
    tag: WbDeviceTag,
    fallback: R,
    body: impl FnOnce(&mut RangeFinderState) -> R,
) -> R {
    local_call(func, tag, fallback, body)
}

/// Samples the range image every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_range_finder_enable(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_range_finder_enable() called with negative sampling period.");
        return;
    }
    range_finder("wb_range_finder_enable", tag, (), |r| r.enable(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_range_finder_disable(tag: WbDeviceTag) {
    range_finder("wb_range_finder_disable", tag, (), |r| r.period.set(0))
}

#[no_mangle]
pub extern "C" fn wb_range_finder_get_sampling_period(tag: WbDeviceTag) -> c_int {
    range_finder("wb_range_finder_get_sampling_period", tag, 0, |r| r.period.ms)
}

/// The last range image (metres, rows top to bottom; infinity outside the range).
#[no_mangle]
pub extern "C" fn wb_range_finder_get_range_image(tag: WbDeviceTag) -> *const c_float {
    range_finder("wb_range_finder_get_range_image", tag, ptr::null(), |r| {
        if r.period.ms <= 0 {
            eprintln!(
                "Error: wb_range_finder_get_range_image() called for a disabled device! Please use: wb_range_finder_enable()."
            );
        }
        if r.image.is_empty() {
            ptr::null()
        } else {
            r.image.as_ptr()
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_range_finder_get_width(tag: WbDeviceTag) -> c_int {
    range_finder("wb_range_finder_get_width", tag, -1, |r| r.setup.width)
}

#[no_mangle]
pub extern "C" fn wb_range_finder_get_height(tag: WbDeviceTag) -> c_int {
    range_finder("wb_range_finder_get_height", tag, -1, |r| r.setup.height)
}

#[no_mangle]
pub extern "C" fn wb_range_finder_get_fov(tag: WbDeviceTag) -> c_double {
    range_finder("wb_range_finder_get_fov", tag, f64::NAN, |r| r.setup.fov)
}

#[no_mangle]
pub extern "C" fn wb_range_finder_get_min_range(tag: WbDeviceTag) -> c_double {
    range_finder("wb_range_finder_get_min_range", tag, f64::NAN, |r| r.setup.min_range)
}

#[no_mangle]
pub extern "C" fn wb_range_finder_get_max_range(tag: WbDeviceTag) -> c_double {
    range_finder("wb_range_finder_get_max_range", tag, f64::NAN, |r| r.setup.max_range)
}

/// Writes the range image as a grey image (minRange black, maxRange white) to a PNG or JPEG file, or
/// as grey levels from 0 to 1 to a Radiance HDR file (`.hdr`): 0, or -1 on failure.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_range_finder_save_image(
    tag: WbDeviceTag,
    filename: *const c_char,
    quality: c_int,
) -> c_int {
    let func = "wb_range_finder_save_image";
    // SAFETY: a NUL-terminated string from the caller, or NULL.
    let name = unsafe { c_str_arg(filename) }.map(|s| s.to_string_lossy().into_owned()).filter(|s| !s.is_empty());
    let Some(name) = name else {
        eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
        return -1;
    };
    if !(1..=100).contains(&quality) {
        eprintln!("Error: {func}() called with invalid 'quality' argument.");
        return -1;
    }
    range_finder(func, tag, -1, |r| {
        if r.image.is_empty() {
            return -1;
        }
        let (near, max) = (r.setup.min_range, r.setup.max_range);
        // the same level either way: minRange 0, minRange + maxRange 1
        let level = |v: &f32| ((f64::from(*v) - near) / max).clamp(0.0, 1.0);
        let (width, height) = (r.setup.width as u32, r.setup.height as u32);
        let saved = if image_file::is_hdr(&name) {
            let grey: Vec<f32> = r.image.iter().map(|v| level(v) as f32).collect();
            image_file::save_grey_hdr(&name, width, height, &grey)
        } else {
            let rgba: Vec<u8> = r
                .image
                .iter()
                .flat_map(|v| {
                    let g = (level(v) * 255.0) as u8;
                    [g, g, g, 255]
                })
                .collect();
            image_file::save_rgba(&name, width, height, &rgba, quality as u8)
        };
        match saved {
            Ok(()) => 0,
            Err(_) => -1,
        }
    })
}

/// The value of pixel (x, y) of a range image of `width` columns.
///
/// # Safety
/// `image` is NULL or a range image of at least `width` × (`y` + 1) values.
#[no_mangle]
pub unsafe extern "C" fn wb_range_finder_image_get_depth(
    image: *const c_float,
    width: c_int,
    x: c_int,
    y: c_int,
) -> c_float {
    guard("wb_range_finder_image_get_depth", f32::NAN, || {
        if image.is_null() || x < 0 || y < 0 || width <= 0 {
            return f32::NAN;
        }
        // SAFETY: as in Webots, the caller passes a range image of at least `width` × (y + 1) values.
        unsafe { *image.add((y as usize) * (width as usize) + x as usize) }
    })
}
