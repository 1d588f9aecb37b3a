//! `camera.h`: a camera's image (rendered headless from the visual shapes, see COMPATIBILITY.md), its
//! optics as configured, and the objects its Recognition node recognizes.

use std::f64::consts::PI;
use std::ffi::{c_char, c_double, c_int, c_uchar};
use std::ptr;

use super::camera_recognition_object::WbCameraRecognitionObject;
use super::types::{WbBool, WbDeviceTag};
use super::{c_str_arg, local_call};
use crate::controller::camera::CameraState;
use crate::controller::image_file::{self, Format};
use crate::protocol::Projection;

fn camera<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut CameraState) -> R) -> R {
    local_call(func, tag, fallback, body)
}

/// Webots' checks of an image file name; the format when it passes.
pub(crate) fn image_file_checks(
    func: &str,
    filename: *const c_char,
    quality: c_int,
    check_quality: bool,
) -> Option<String> {
    // SAFETY: a NUL-terminated string from the caller, or NULL.
    let name = unsafe { c_str_arg(filename) }.map(|s| s.to_string_lossy().into_owned()).filter(|s| !s.is_empty());
    let Some(name) = name else {
        eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
        return None;
    };
    match image_file::format_of(&name) {
        None => {
            eprintln!("Error: {func}() called with unsupported image format (should be PNG or JPEG).");
            None
        }
        Some(Format::Jpeg) if check_quality && !(1..=100).contains(&quality) => {
            eprintln!("Error: {func}() called with invalid 'quality' argument.");
            None
        }
        Some(_) => Some(name),
    }
}

/// BGRA pixels as RGBA.
pub(crate) fn bgra_to_rgba(bgra: &[u8]) -> Vec<u8> {
    bgra.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect()
}

/// Samples the image every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_camera_enable(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_camera_enable() called with negative sampling period.");
        return;
    }
    camera("wb_camera_enable", tag, (), |c| c.enable(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_camera_disable(tag: WbDeviceTag) {
    camera("wb_camera_disable", tag, (), |c| c.enable(0))
}

#[no_mangle]
pub extern "C" fn wb_camera_get_sampling_period(tag: WbDeviceTag) -> c_int {
    camera("wb_camera_get_sampling_period", tag, 0, |c| c.period.ms)
}

/// The last image, BGRA, rows top to bottom; NULL when disabled.
#[no_mangle]
pub extern "C" fn wb_camera_get_image(tag: WbDeviceTag) -> *const c_uchar {
    camera("wb_camera_get_image", tag, ptr::null(), |c| {
        if c.period.ms <= 0 {
            eprintln!("Error: wb_camera_get_image() called for a disabled device! Please use: wb_camera_enable().");
            return ptr::null();
        }
        if c.image.is_empty() {
            ptr::null()
        } else {
            c.image.as_ptr()
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_get_width(tag: WbDeviceTag) -> c_int {
    camera("wb_camera_get_width", tag, -1, |c| c.setup.width)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_height(tag: WbDeviceTag) -> c_int {
    camera("wb_camera_get_height", tag, -1, |c| c.setup.height)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_fov(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_fov", tag, f64::NAN, |c| c.setup.fov)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_max_fov(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_max_fov", tag, f64::NAN, |c| c.setup.max_fov)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_min_fov(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_min_fov", tag, f64::NAN, |c| c.setup.min_fov)
}

/// Zooms (within the Zoom node's limits; fov in radians).
#[no_mangle]
pub extern "C" fn wb_camera_set_fov(tag: WbDeviceTag, fov: c_double) {
    camera("wb_camera_set_fov", tag, (), |c| {
        let planar = c.setup.projection == Projection::Planar;
        if !planar && !(0.0..=2.0 * PI).contains(&fov) {
            eprintln!("Error: wb_camera_set_fov() called with 'fov' argument outside of the [0, 2.0*pi] range.");
        } else if planar && !(0.0..=PI).contains(&fov) {
            eprintln!("Error: wb_camera_set_fov() called with 'fov' argument outside of the [0, pi] range.");
        } else if fov < c.setup.min_fov || fov > c.setup.max_fov {
            eprintln!("Error: wb_camera_set_fov() out of zoom range [{:.6}, {:.6}].", c.setup.min_fov, c.setup.max_fov);
        } else {
            c.set_fov(fov);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_get_exposure(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_exposure", tag, f64::NAN, |c| c.setup.exposure)
}

#[no_mangle]
pub extern "C" fn wb_camera_set_exposure(tag: WbDeviceTag, exposure: c_double) {
    camera("wb_camera_set_exposure", tag, (), |c| {
        if exposure < 0.0 {
            eprintln!("Error: 'exposure' argument of wb_camera_set_exposure() can't be negative.");
        } else {
            c.set_exposure(exposure);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_get_focal_length(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_focal_length", tag, f64::NAN, |c| c.setup.focal_length)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_focal_distance(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_focal_distance", tag, f64::NAN, |c| c.setup.focal_distance)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_max_focal_distance(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_max_focal_distance", tag, f64::NAN, |c| c.setup.max_focal_distance)
}

#[no_mangle]
pub extern "C" fn wb_camera_get_min_focal_distance(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_min_focal_distance", tag, f64::NAN, |c| c.setup.min_focal_distance)
}

/// Focuses (planar cameras with a Focus node, within its limits).
#[no_mangle]
pub extern "C" fn wb_camera_set_focal_distance(tag: WbDeviceTag, focal_distance: c_double) {
    camera("wb_camera_set_focal_distance", tag, (), |c| {
        let s = &c.setup;
        if s.projection != Projection::Planar {
            eprintln!("Error: wb_camera_set_focal_distance() can only be called on a planar camera.");
        } else if focal_distance < s.min_focal_distance || focal_distance > s.max_focal_distance {
            eprintln!(
                "Error: wb_camera_set_focal_distance() out of focus range [{:.6}, {:.6}].",
                s.min_focal_distance, s.max_focal_distance
            );
        } else {
            c.set_focal_distance(focal_distance);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_get_near(tag: WbDeviceTag) -> c_double {
    camera("wb_camera_get_near", tag, f64::NAN, |c| c.setup.near)
}

/// Writes the last image to a PNG or JPEG file: 0, or -1 on failure.
#[no_mangle]
pub extern "C" fn wb_camera_save_image(tag: WbDeviceTag, filename: *const c_char, quality: c_int) -> c_int {
    let Some(name) = image_file_checks("wb_camera_save_image", filename, quality, true) else { return -1 };
    camera("wb_camera_save_image", tag, -1, |c| {
        if c.image.is_empty() {
            return -1;
        }
        let (w, h) = (c.setup.width as u32, c.setup.height as u32);
        match image_file::save_rgba(&name, w, h, &bgra_to_rgba(&c.image), quality.clamp(1, 100) as u8) {
            Ok(()) => 0,
            Err(_) => -1,
        }
    })
}

/// Whether the camera has a Recognition node.
#[no_mangle]
pub extern "C" fn wb_camera_has_recognition(tag: WbDeviceTag) -> WbBool {
    camera("wb_camera_has_recognition", tag, 0, |c| WbBool::from(c.setup.has_recognition))
}

/// Runs `body` on a camera with a Recognition node; Webots' error otherwise.
fn recognition<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut CameraState) -> R) -> R {
    camera(func, tag, fallback.clone(), |c| {
        if !c.setup.has_recognition {
            eprintln!("Error: {func}() called on a Camera without Recognition node.");
            return fallback;
        }
        body(c)
    })
}

/// Like `recognition`, for a recognition that must be enabled.
fn recognizing<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut CameraState) -> R) -> R {
    recognition(func, tag, fallback.clone(), |c| {
        if c.recognition_period.ms == 0 {
            eprintln!("Error: {func}() called for a disabled device! Please use: wb_camera_recognition_enable().");
            return fallback;
        }
        body(c)
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_enable(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_camera_recognition_enable() called with negative sampling period.");
        return;
    }
    recognition("wb_camera_recognition_enable", tag, (), |c| c.recognition_period.set(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_disable(tag: WbDeviceTag) {
    recognition("wb_camera_recognition_disable", tag, (), |c| c.recognition_period.set(0))
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_get_sampling_period(tag: WbDeviceTag) -> c_int {
    recognition("wb_camera_recognition_get_sampling_period", tag, 0, |c| c.recognition_period.ms)
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_get_number_of_objects(tag: WbDeviceTag) -> c_int {
    recognizing("wb_camera_recognition_get_number_of_objects", tag, 0, |c| c.objects.len() as c_int)
}

/// The recognized objects of the last sample (`wb_camera_recognition_get_number_of_objects` of them).
#[no_mangle]
pub extern "C" fn wb_camera_recognition_get_objects(tag: WbDeviceTag) -> *const WbCameraRecognitionObject {
    recognizing("wb_camera_recognition_get_objects", tag, ptr::null(), |c| c.objects.as_ptr())
}

/// Object `index` of the last sample (for the MATLAB wrapper); NULL out of range.
#[no_mangle]
pub extern "C" fn wb_camera_recognition_get_object(tag: WbDeviceTag, index: c_int) -> *const WbCameraRecognitionObject {
    recognizing("wb_camera_recognition_get_object", tag, ptr::null(), |c| {
        usize::try_from(index).ok().and_then(|i| c.objects.get(i)).map_or(ptr::null(), |o| o as *const _)
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_has_segmentation(tag: WbDeviceTag) -> WbBool {
    camera("wb_camera_recognition_has_segmentation", tag, 0, |c| WbBool::from(c.setup.segmentation))
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_enable_segmentation(tag: WbDeviceTag) {
    recognizing("wb_camera_recognition_enable_segmentation", tag, (), |c| {
        if !c.setup.segmentation {
            eprintln!(
                "Error: wb_camera_recognition_enable_segmentation(): segmentation is disabled in Recognition node."
            );
        } else {
            c.set_segmentation(true);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_disable_segmentation(tag: WbDeviceTag) {
    recognition("wb_camera_recognition_disable_segmentation", tag, (), |c| c.set_segmentation(false))
}

#[no_mangle]
pub extern "C" fn wb_camera_recognition_is_segmentation_enabled(tag: WbDeviceTag) -> WbBool {
    recognition("wb_camera_recognition_is_segmentation_enabled", tag, 0, |c| WbBool::from(c.segmentation_enabled))
}

/// The last segmentation image (BGRA); NULL while segmentation is off or before its first image.
#[no_mangle]
pub extern "C" fn wb_camera_recognition_get_segmentation_image(tag: WbDeviceTag) -> *const c_uchar {
    recognition("wb_camera_recognition_get_segmentation_image", tag, ptr::null(), |c| {
        if !c.setup.segmentation {
            return ptr::null();
        }
        if !c.segmentation_enabled {
            eprintln!("Error: wb_camera_recognition_get_segmentation_image(): segmentation is disabled! Please use: wb_camera_recognition_enable_segmentation().");
            return ptr::null();
        }
        if c.segmentation_image.is_empty() {
            ptr::null()
        } else {
            c.segmentation_image.as_ptr()
        }
    })
}

/// Writes the last segmentation image to a PNG or JPEG file: 0, or -1 on failure.
#[no_mangle]
pub extern "C" fn wb_camera_recognition_save_segmentation_image(
    tag: WbDeviceTag,
    filename: *const c_char,
    quality: c_int,
) -> c_int {
    let func = "wb_camera_recognition_save_segmentation_image";
    let Some(name) = image_file_checks(func, filename, quality, true) else { return -1 };
    camera(func, tag, -1, |c| {
        if c.segmentation_image.is_empty() {
            eprintln!("Error: {func}() called before rendering a valid segmentation image.");
            return -1;
        }
        let (w, h) = (c.setup.width as u32, c.setup.height as u32);
        match image_file::save_rgba(&name, w, h, &bgra_to_rgba(&c.segmentation_image), quality.clamp(1, 100) as u8) {
            Ok(()) => 0,
            Err(_) => -1,
        }
    })
}
