//! `display.h`: a display is a real image buffer of its size, drawn in by the controller (Webots'
//! colour, alpha and opacity rules), read back through image copies and saved images, with a camera's
//! image as its background when one is attached.

use std::ffi::{c_char, c_double, c_int, c_void};
use std::ptr;

use super::types::{WbBool, WbDeviceTag, WbImageRef};
use super::{c_str_arg, guard, is_local, local_call, with_controller};
use crate::controller::camera::CameraState;
use crate::controller::display::{DisplayState, Image, ImageHandle};
use crate::controller::draw::to_rgba;
use crate::controller::image_file;
use crate::controller::local::downcast;
use crate::controller::DeviceState;

pub const WB_IMAGE_RGB: c_int = 3;
pub const WB_IMAGE_RGBA: c_int = 4;
pub const WB_IMAGE_ARGB: c_int = 5;
pub const WB_IMAGE_BGRA: c_int = 6;
pub const WB_IMAGE_ABGR: c_int = 7;

fn display<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut DisplayState) -> R) -> R {
    local_call(func, tag, fallback, body)
}

fn arg(p: *const c_char) -> Option<String> {
    // SAFETY: a NUL-terminated string from the caller, or NULL.
    unsafe { c_str_arg(p) }.map(|s| s.to_string_lossy().into_owned()).filter(|s| !s.is_empty())
}

/// A new handle for image `id` of display `tag`.
fn handle(id: i32, tag: WbDeviceTag) -> WbImageRef {
    Box::into_raw(Box::new(ImageHandle { id, device_tag: tag })).cast()
}

/// The image id behind a handle, with Webots' checks (`what` names the invalid-handle error's noun).
fn image_id(func: &str, tag: WbDeviceTag, ir: WbImageRef, what: &str) -> Option<i32> {
    // SAFETY: a handle this library made (or NULL), as Webots requires.
    let h = unsafe { ir.cast::<ImageHandle>().as_ref() };
    match h {
        Some(h) if h.id > 0 && h.device_tag == tag => Some(h.id),
        Some(h) if h.id > 0 => {
            eprintln!("Error: {func}(): invalid WbImageRef created by a different Display device.");
            None
        }
        _ => {
            eprintln!("Error: {func}(): invalid {what}.");
            None
        }
    }
}

#[no_mangle]
pub extern "C" fn wb_display_get_width(tag: WbDeviceTag) -> c_int {
    display("wb_display_get_width", tag, -1, |d| d.canvas.width)
}

#[no_mangle]
pub extern "C" fn wb_display_get_height(tag: WbDeviceTag) -> c_int {
    display("wb_display_get_height", tag, -1, |d| d.canvas.height)
}

/// The drawing colour, 0xRRGGBB.
#[no_mangle]
pub extern "C" fn wb_display_set_color(tag: WbDeviceTag, color: c_int) {
    display("wb_display_set_color", tag, (), |d| {
        if !(0..=0xFF_FFFF).contains(&color) {
            eprintln!("Error: wb_display_set_color(): 'color' argument out of bounds.");
        } else {
            d.pen.color = color as u32;
        }
    })
}

/// The alpha drawn pixels take (0 transparent, 1 opaque).
#[no_mangle]
pub extern "C" fn wb_display_set_alpha(tag: WbDeviceTag, alpha: c_double) {
    display("wb_display_set_alpha", tag, (), |d| {
        if !(0.0..=1.0).contains(&alpha) {
            eprintln!("Error: wb_display_set_alpha(): 'alpha' argument out of bounds.");
        } else {
            d.pen.alpha = (alpha * 255.0) as u8;
        }
    })
}

/// How much drawing covers what is there (0 nothing, 1 entirely).
#[no_mangle]
pub extern "C" fn wb_display_set_opacity(tag: WbDeviceTag, opacity: c_double) {
    display("wb_display_set_opacity", tag, (), |d| {
        if !(0.0..=1.0).contains(&opacity) {
            eprintln!("Error: wb_display_set_opacity(): 'opacity' argument out of bounds.");
        } else {
            d.pen.opacity = (opacity * 255.0) as u8;
        }
    })
}

/// The text size in pixels; the font's name and anti-aliasing change nothing (text is drawn in one
/// bitmap font: see COMPATIBILITY.md).
#[no_mangle]
pub extern "C" fn wb_display_set_font(tag: WbDeviceTag, font: *const c_char, size: c_int, anti_aliasing: WbBool) {
    let _ = (font, anti_aliasing);
    if size <= 0 {
        eprintln!("Error: wb_display_set_font(): 'size' argument is negative or null.");
        return;
    }
    display("wb_display_set_font", tag, (), |d| d.pen.font_size = size)
}

/// Shows camera `camera_tag`'s image wherever the display is transparent.
#[no_mangle]
pub extern "C" fn wb_display_attach_camera(tag: WbDeviceTag, camera_tag: WbDeviceTag) {
    let func = "wb_display_attach_camera";
    guard(func, (), || {
        with_controller(func, (), |c| {
            let is_camera = is_local::<CameraState>(c.device_state(camera_tag));
            let Some(DeviceState::Local(d)) = c.device_state(tag) else {
                eprintln!("Error: {func}(): invalid display.");
                return;
            };
            let Some(d) = downcast::<DisplayState>(d) else {
                eprintln!("Error: {func}(): invalid display.");
                return;
            };
            if !is_camera {
                eprintln!("Error: {func}(): invalid camera.");
            } else if d.attached_camera.is_some() {
                eprintln!("Error: {func}(): a camera is already attached to the display.");
            } else {
                d.attach(camera_tag);
            }
        })
    })
}

#[no_mangle]
pub extern "C" fn wb_display_detach_camera(tag: WbDeviceTag) {
    display("wb_display_detach_camera", tag, (), |d| {
        if d.attached_camera.take().is_none() {
            eprintln!("Error: wb_display_detach_camera(): no camera to detach.");
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_display_draw_pixel(tag: WbDeviceTag, x: c_int, y: c_int) {
    display("wb_display_draw_pixel", tag, (), |d| d.canvas.pixel(&d.pen, x, y))
}

#[no_mangle]
pub extern "C" fn wb_display_draw_line(tag: WbDeviceTag, x1: c_int, y1: c_int, x2: c_int, y2: c_int) {
    display("wb_display_draw_line", tag, (), |d| d.canvas.line(&d.pen, x1, y1, x2, y2))
}

fn rectangle(func: &str, tag: WbDeviceTag, x: c_int, y: c_int, width: c_int, height: c_int, fill: bool) {
    display(func, tag, (), |d| {
        if width <= 0 {
            eprintln!("Error: {func}(): 'width' argument is negative or null.");
        } else if height <= 0 {
            eprintln!("Error: {func}(): 'height' argument is negative or null.");
        } else {
            d.canvas.rectangle(&d.pen, x, y, width, height, fill);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_display_draw_rectangle(tag: WbDeviceTag, x: c_int, y: c_int, width: c_int, height: c_int) {
    rectangle("wb_display_draw_rectangle", tag, x, y, width, height, false)
}

#[no_mangle]
pub extern "C" fn wb_display_fill_rectangle(tag: WbDeviceTag, x: c_int, y: c_int, width: c_int, height: c_int) {
    rectangle("wb_display_fill_rectangle", tag, x, y, width, height, true)
}

fn oval(func: &str, tag: WbDeviceTag, cx: c_int, cy: c_int, a: c_int, b: c_int, fill: bool) {
    display(func, tag, (), |d| {
        if a <= 0 {
            eprintln!("Error: {func}(): 'horizontal_radius' argument is negative or null.");
        } else if b <= 0 {
            eprintln!("Error: {func}(): 'vertical_radius' argument is negative or null.");
        } else {
            d.canvas.oval(&d.pen, cx, cy, a, b, fill);
        }
    })
}

#[no_mangle]
pub extern "C" fn wb_display_draw_oval(tag: WbDeviceTag, cx: c_int, cy: c_int, a: c_int, b: c_int) {
    oval("wb_display_draw_oval", tag, cx, cy, a, b, false)
}

#[no_mangle]
pub extern "C" fn wb_display_fill_oval(tag: WbDeviceTag, cx: c_int, cy: c_int, a: c_int, b: c_int) {
    oval("wb_display_fill_oval", tag, cx, cy, a, b, true)
}

fn polygon(func: &str, tag: WbDeviceTag, x: *const c_int, y: *const c_int, size: c_int, fill: bool, what: &str) {
    display(func, tag, (), |d| {
        if x.is_null() || y.is_null() {
            eprintln!("Error: {func}(): 'x' or 'y' {what} NULL.");
            return;
        }
        let n = size.max(0) as usize;
        // SAFETY: as in Webots, the caller passes `size` coordinates in each array.
        let (xs, ys) = unsafe { (std::slice::from_raw_parts(x, n), std::slice::from_raw_parts(y, n)) };
        d.canvas.polygon(&d.pen, xs, ys, fill);
    })
}

#[no_mangle]
pub extern "C" fn wb_display_draw_polygon(tag: WbDeviceTag, x: *const c_int, y: *const c_int, size: c_int) {
    polygon("wb_display_draw_polygon", tag, x, y, size, false, "argument is")
}

#[no_mangle]
pub extern "C" fn wb_display_fill_polygon(tag: WbDeviceTag, x: *const c_int, y: *const c_int, size: c_int) {
    polygon("wb_display_fill_polygon", tag, x, y, size, true, "arguments is")
}

/// Text with its top-left corner at (x, y).
#[no_mangle]
pub extern "C" fn wb_display_draw_text(tag: WbDeviceTag, text: *const c_char, x: c_int, y: c_int) {
    let Some(text) = arg(text) else {
        return display("wb_display_draw_text", tag, (), |_| {
            eprintln!("Error: wb_display_draw_text(): 'text' argument is NULL or empty.")
        });
    };
    display("wb_display_draw_text", tag, (), |d| d.canvas.text(&d.pen, &text, x, y))
}

/// An image from `data` (`format`: WB_IMAGE_RGB, RGBA, ARGB, BGRA or ABGR).
#[no_mangle]
pub extern "C" fn wb_display_image_new(
    tag: WbDeviceTag,
    width: c_int,
    height: c_int,
    data: *const c_void,
    format: c_int,
) -> WbImageRef {
    let func = "wb_display_image_new";
    if data.is_null() {
        eprintln!("Error: {func}(): 'data' argument is NULL.");
        return ptr::null_mut();
    }
    if width < 1 || height < 1 {
        eprintln!("Error: {func}(): 'width' or 'height' argument is invalid.");
        return ptr::null_mut();
    }
    let channels = match format {
        WB_IMAGE_RGB => 3,
        WB_IMAGE_RGBA | WB_IMAGE_ARGB | WB_IMAGE_BGRA | WB_IMAGE_ABGR => 4,
        _ => {
            eprintln!("Error: {func}(): 'format' argument is invalid.");
            return ptr::null_mut();
        }
    };
    display(func, tag, ptr::null_mut(), |d| {
        let n = (width * height) as usize;
        // SAFETY: as in Webots, `data` holds width × height pixels of the format.
        let bytes = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), n * channels) };
        let argb =
            |a: u8, r: u8, g: u8, b: u8| u32::from(a) << 24 | u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
        let pixels = bytes
            .chunks_exact(channels)
            .map(|p| match format {
                WB_IMAGE_RGB => argb(0xFF, p[0], p[1], p[2]),
                WB_IMAGE_RGBA => argb(p[3], p[0], p[1], p[2]),
                WB_IMAGE_ARGB => argb(p[0], p[1], p[2], p[3]),
                WB_IMAGE_BGRA => argb(p[3], p[2], p[1], p[0]),
                _ => argb(p[0], p[3], p[2], p[1]),
            })
            .collect();
        handle(d.add_image(Image { width, height, pixels }), tag)
    })
}

/// The display's pixels in the rectangle (clipped to the display), as an image.
#[no_mangle]
pub extern "C" fn wb_display_image_copy(
    tag: WbDeviceTag,
    x: c_int,
    y: c_int,
    width: c_int,
    height: c_int,
) -> WbImageRef {
    let func = "wb_display_image_copy";
    if width < 1 || height < 1 {
        eprintln!("Error: {func}(): 'width' or 'height' argument is invalid.");
        return ptr::null_mut();
    }
    display(func, tag, ptr::null_mut(), |d| {
        let (width, height, pixels) = d.canvas.copy(x, y, width, height);
        handle(d.add_image(Image { width, height, pixels }), tag)
    })
}

/// An image from a PNG or JPEG file.
#[no_mangle]
pub extern "C" fn wb_display_image_load(tag: WbDeviceTag, filename: *const c_char) -> WbImageRef {
    let func = "wb_display_image_load";
    let Some(name) = arg(filename) else {
        eprintln!("Error: {func}(): 'filename' argument is NULL or empty.");
        return ptr::null_mut();
    };
    let Ok((w, h, rgba)) = image_file::load_rgba(&name) else {
        eprintln!("Error: {func}(): the \"{name}\" image is unreadable.");
        return ptr::null_mut();
    };
    display(func, tag, ptr::null_mut(), |d| {
        let pixels = rgba
            .chunks_exact(4)
            .map(|p| u32::from(p[3]) << 24 | u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]))
            .collect();
        handle(d.add_image(Image { width: w as i32, height: h as i32, pixels }), tag)
    })
}

/// Forgets an image and frees its handle.
#[no_mangle]
pub extern "C" fn wb_display_image_delete(tag: WbDeviceTag, ir: WbImageRef) {
    let func = "wb_display_image_delete";
    let Some(id) = image_id(func, tag, ir, "WbImageRef") else { return };
    display(func, tag, (), |d| {
        d.images.remove(&id);
    });
    // SAFETY: a handle made by `handle` (Box::into_raw), freed once as in Webots.
    drop(unsafe { Box::from_raw(ir.cast::<ImageHandle>()) });
}

/// Draws an image at (x, y): replacing the pixels, or blended by its alpha with `blend`.
#[no_mangle]
pub extern "C" fn wb_display_image_paste(tag: WbDeviceTag, ir: WbImageRef, x: c_int, y: c_int, blend: WbBool) {
    let func = "wb_display_image_paste";
    let Some(id) = image_id(func, tag, ir, "WbImageRef argument") else { return };
    display(func, tag, (), |d| {
        if let Some(image) = d.images.get(&id) {
            let (w, h, pixels) = (image.width, image.height, image.pixels.clone());
            d.canvas.paste(w, h, &pixels, x, y, blend != 0);
        }
    })
}

/// Writes an image (NULL: the display as seen, attached camera included) to a PNG or JPEG file.
#[no_mangle]
pub extern "C" fn wb_display_image_save(tag: WbDeviceTag, ir: WbImageRef, filename: *const c_char) {
    let func = "wb_display_image_save";
    let Some(name) = arg(filename) else {
        eprintln!("Error: {func}(): 'filename' argument is NULL or empty.");
        return;
    };
    let id = if ir.is_null() {
        None
    } else {
        match image_id(func, tag, ir, "WbImageRef") {
            Some(id) => Some(id),
            None => return,
        }
    };
    if image_file::format_of(&name).is_none() {
        eprintln!("Error: {func}(): unsupported file format. Supported file formats are \".jpg\" and \".png\".");
        return;
    }
    guard(func, (), || {
        with_controller(func, (), |c| {
            let camera = match c.device_state(tag) {
                Some(DeviceState::Local(d)) => downcast::<DisplayState>(d).and_then(|d| d.attached_camera),
                _ => None,
            };
            let camera_image = camera.and_then(|t| match c.device_state(t) {
                Some(DeviceState::Local(d)) => downcast::<CameraState>(d).map(|cam| cam.image.clone()),
                _ => None,
            });
            let Some(DeviceState::Local(d)) = c.device_state(tag) else {
                eprintln!("Error: {func}(): invalid device tag.");
                return;
            };
            let Some(d) = downcast::<DisplayState>(d) else {
                eprintln!("Error: {func}(): invalid device tag.");
                return;
            };
            let (w, h, pixels) = match id {
                None => (d.canvas.width, d.canvas.height, d.composed(camera_image.as_deref())),
                Some(id) => match d.images.get(&id) {
                    Some(i) => (i.width, i.height, i.pixels.clone()),
                    None => return,
                },
            };
            if let Err(e) = image_file::save_rgba(&name, w as u32, h as u32, &to_rgba(&pixels), 100) {
                eprintln!("Error: {func}(): cannot save \"{name}\": {e}.");
            }
        })
    })
}
