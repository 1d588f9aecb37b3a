//! What a headless run has no use for or cannot do: labels (kept by the world, shown by nobody: the
//! runner lists the last ones when the run ends), movies (the Viewpoint filmed by the world and
//! encoded by the system's ffmpeg, `movie.rs`), image exports (the Viewpoint rendered by the world's ray caster), animations (recorded as a
//! replay page, world/record), the virtual-reality headset (never there), the node selected in
//! the scene tree (none), the viewpoint and per-camera visibility (nothing renders).

use std::ffi::{c_char, c_double, c_int};
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};

use super::movie;
use super::nodes::valid_node;
use super::{exit_if, flush, quitting, supervisor_call, NAN_VECTOR};
use crate::capi::c_str_arg;
use crate::capi::nodes::WbNodeType;
use crate::capi::types::{WbBool, WbNodeRef};
use crate::controller::image_file;
use crate::protocol::{Label, Query, QueryAnswer, SceneAnswer, SceneCommand, SceneQuery, SupervisorCommand};

// Webots' movie states (deprecated there, still in supervisor.h): the header lists them all.
pub const WB_SUPERVISOR_MOVIE_READY: c_int = 0;
pub const WB_SUPERVISOR_MOVIE_RECORDING: c_int = 1;
pub const WB_SUPERVISOR_MOVIE_SAVING: c_int = 2;
#[allow(dead_code)]
pub const WB_SUPERVISOR_MOVIE_WRITE_ERROR: c_int = 3;
#[allow(dead_code)]
pub const WB_SUPERVISOR_MOVIE_ENCODING_ERROR: c_int = 4;
pub const WB_SUPERVISOR_MOVIE_SIMULATION_ERROR: c_int = 5;

/// Sets (or replaces) label `id`: `text` at (`x`, `y`) of the view (in [0, 1]) with `size`, `color`
/// (0xRRGGBB), `transparency` and `font`. The world keeps the labels; a reset clears them.
///
/// # Safety
/// `text` and `font` are NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_set_label(
    id: c_int,
    text: *const c_char,
    x: c_double,
    y: c_double,
    size: c_double,
    color: c_int,
    transparency: c_double,
    font: *const c_char,
) {
    let func = "wb_supervisor_set_label";
    // SAFETY: `text` and `font` are NULL or NUL-terminated per this function's contract.
    let (text, font) = unsafe { (c_str_arg(text), c_str_arg(font)) };
    for (name, value) in [("x", x), ("y", y), ("size", size), ("transparency", transparency)] {
        if !(0.0..=1.0).contains(&value) {
            eprintln!("Error: {func}() called with {name} parameter outside of [0,1] range.");
            return;
        }
    }
    exit_if(supervisor_call(func, false, |c| {
        let Some(text) = text else {
            eprintln!("Error: {func}() called with NULL 'text' argument.");
            return false;
        };
        let Some(font) = font else {
            eprintln!("Error: {func}() called with NULL 'font' argument.");
            return false;
        };
        let label = Label {
            id,
            text: text.to_string_lossy().into_owned(),
            x,
            y,
            size,
            color: (color as u32) & 0xff_ffff,
            transparency,
            font: font.to_string_lossy().into_owned(),
        };
        flush(c, func, SupervisorCommand::Scene(SceneCommand::SetLabel(label)))
    }));
}

/// Webots' checks, then the Viewpoint's picture (`VIEW_WIDTH` × `VIEW_HEIGHT`, rendered by the world
/// with the cameras' ray caster) written as PNG or JPEG.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_export_image(filename: *const c_char, quality: c_int) {
    let func = "wb_supervisor_export_image";
    // SAFETY: `filename` is NULL or NUL-terminated per this function's contract.
    let filename = unsafe { c_str_arg(filename) };
    supervisor_call(func, (), |c| {
        let Some(name) = filename.filter(|f| !f.to_bytes().is_empty()) else {
            eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
            return;
        };
        if !(1..=100).contains(&quality) {
            eprintln!("Error: {func}(): 'quality' argument ({quality}) must be between 1 and 100.");
            return;
        }
        let q = Query::Scene(SceneQuery::ViewImage { width: VIEW_WIDTH, height: VIEW_HEIGHT });
        let Some(QueryAnswer::Scene(SceneAnswer::Image { width, height, rgb })) = c.query_after_writes(func, q) else {
            return;
        };
        let rgba: Vec<u8> = rgb.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
        let name = name.to_string_lossy();
        if let Err(e) = image_file::save_rgba(&name, width, height, &rgba, quality as u8) {
            eprintln!("Error: {func}(): cannot write '{name}': {e}.");
        }
    })
}

/// The size of the exported picture: a headless run has no window whose size it could take.
const VIEW_WIDTH: u32 = 640;
const VIEW_HEIGHT: u32 = 480;

/// Webots' checks, then the world films its Viewpoint (the ray caster of the cameras) every few steps
/// and the system's `ffmpeg` encodes the frames into an MP4 file (`.mp4` added when missing); an
/// encoder that cannot be found or a folder that does not exist fail the movie at once, with a message.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_movie_start_recording(
    filename: *const c_char,
    width: c_int,
    height: c_int,
    codec: c_int,
    quality: c_int,
    acceleration: c_int,
    caption: WbBool,
) {
    let func = "wb_supervisor_movie_start_recording";
    let _ = codec; // Webots: only MPEG-4/AVC, the codec is ignored
                   // SAFETY: `filename` is NULL or NUL-terminated per this function's contract.
    let filename = unsafe { c_str_arg(filename) };
    exit_if(supervisor_call(func, false, |c| {
        let filename = filename.filter(|f| !f.is_empty());
        if c.supervision.movie_status == WB_SUPERVISOR_MOVIE_RECORDING {
            eprintln!("Error: {func}(): movie recording has already been started.");
        } else if filename.is_none() {
            eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
        } else if width <= 0 || height <= 0 {
            eprintln!("Error: {func}(): 'width' and 'height' arguments must be postitive.");
        } else if !(1..=100).contains(&quality) {
            eprintln!("Error: {func}(): 'quality' argument ({quality}) must be between 1 and 100.");
        } else if acceleration < 1 {
            eprintln!("Error: {func}(): 'acceleration' argument must be greater than or equal to 1.");
        } else if let Some(filename) = filename {
            let args = movie::Start { filename, width, height, quality, acceleration, caption: caption != 0 };
            return movie::start(c, func, &args);
        }
        false
    }))
}

/// Ends the recording: the encoder finishes the file in the background (`movie_is_ready` says when).
#[no_mangle]
pub extern "C" fn wb_supervisor_movie_stop_recording() {
    let func = "wb_supervisor_movie_stop_recording";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::Scene(SceneCommand::MovieStop))))
}

/// Whether a new movie may start: none is being recorded or saved (a failed one is over too).
#[no_mangle]
pub extern "C" fn wb_supervisor_movie_is_ready() -> WbBool {
    let func = "wb_supervisor_movie_is_ready";
    supervisor_call(func, 0, |c| {
        let s = movie::status(c, func).0;
        WbBool::from(s == WB_SUPERVISOR_MOVIE_READY || s > WB_SUPERVISOR_MOVIE_SAVING)
    })
}

/// Whether the last movie failed (false again once a new one starts).
#[no_mangle]
pub extern "C" fn wb_supervisor_movie_failed() -> WbBool {
    let func = "wb_supervisor_movie_failed";
    supervisor_call(func, 1, |c| WbBool::from(movie::status(c, func).0 > WB_SUPERVISOR_MOVIE_SAVING))
}

/// The movie status (`WB_SUPERVISOR_MOVIE_*`), with Webots' one-time deprecation warning.
#[no_mangle]
pub extern "C" fn wb_supervisor_movie_get_status() -> c_int {
    static WARNED: AtomicBool = AtomicBool::new(false);
    if !WARNED.swap(true, Ordering::Relaxed) {
        eprintln!("Warning: wb_supervisor_movie_get_status() is deprecated, use wb_supervisor_movie_is_ready() and wb_supervisor_movie_failed() instead.");
    }
    let func = "wb_supervisor_movie_get_status";
    crate::capi::guard(func, WB_SUPERVISOR_MOVIE_READY, || {
        crate::controller::global::with(|c| {
            if c.supervisor {
                movie::status(c, func).0
            } else {
                c.supervision.movie_status
            }
        })
        .unwrap_or(WB_SUPERVISOR_MOVIE_READY)
    })
}

/// Former name of `wb_supervisor_movie_start_recording`.
///
/// # Safety
/// `file` is NULL or a NUL-terminated string.
#[no_mangle]
#[deprecated]
pub unsafe extern "C" fn wb_supervisor_start_movie(
    file: *const c_char,
    width: c_int,
    height: c_int,
    codec: c_int,
    quality: c_int,
    acceleration: c_int,
    caption: WbBool,
) {
    if supervisor_call("wb_supervisor_start_movie", false, |_| true) {
        // SAFETY: same contract.
        unsafe { wb_supervisor_movie_start_recording(file, width, height, codec, quality, acceleration, caption) }
    }
}

/// Former name of `wb_supervisor_movie_stop_recording`.
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_supervisor_stop_movie() {
    if supervisor_call("wb_supervisor_stop_movie", false, |_| true) {
        wb_supervisor_movie_stop_recording();
    }
}

/// Former name of `wb_supervisor_movie_get_status` (`WB_SUPERVISOR_MOVIE_SIMULATION_ERROR` in a plain
/// Robot).
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_supervisor_get_movie_status() -> c_int {
    if !supervisor_call("wb_supervisor_get_movie_status", false, |_| true) {
        return WB_SUPERVISOR_MOVIE_SIMULATION_ERROR;
    }
    wb_supervisor_movie_get_status()
}

/// An animation this controller started is being recorded.
static ANIMATION: AtomicBool = AtomicBool::new(false);

/// Webots' checks, then the world records the run into `filename` (relative to the controller's
/// folder): one self-contained HTML replay written at `stop_recording` or the end of the run.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_animation_start_recording(filename: *const c_char) -> WbBool {
    let func = "wb_supervisor_animation_start_recording";
    // SAFETY: `filename` is NULL or NUL-terminated per this function's contract.
    let filename = unsafe { c_str_arg(filename) };
    let (leave, started) = supervisor_call(func, (false, 0), |c| {
        let Some(name) = filename.filter(|f| !f.is_empty()) else {
            eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
            return (false, 0);
        };
        if super::world_files::extension(name) != "html" {
            eprintln!("Error: the target file given to {func}() should have the '.html' extension.");
            return (false, 0);
        }
        let name = name.to_string_lossy();
        if ANIMATION.load(Ordering::Relaxed) {
            eprintln!("Error: {func}(): an animation is already being recorded.");
            return (false, 0);
        }
        let path = match std::path::absolute(&*name) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("Error: {func}(): {name}: {e}");
                return (false, 0);
            }
        };
        // the file is made now, so that a path that cannot be written answers false now
        if let Err(e) = std::fs::write(&path, b"") {
            eprintln!("Error: {func}(): cannot write {}: {e}", path.display());
            return (false, 0);
        }
        let cmd = SceneCommand::AnimationRecording(Some(path.to_string_lossy().into_owned()));
        ANIMATION.store(true, Ordering::Relaxed);
        (flush(c, func, SupervisorCommand::Scene(cmd)), 1)
    });
    exit_if(leave);
    started
}

/// Ends the recording `start_recording` began (the replay is written now): false when none was.
#[no_mangle]
pub extern "C" fn wb_supervisor_animation_stop_recording() -> WbBool {
    let func = "wb_supervisor_animation_stop_recording";
    let (leave, stopped) = supervisor_call(func, (false, 0), |c| {
        if !ANIMATION.swap(false, Ordering::Relaxed) {
            eprintln!("Error: {func}(): no animation is being recorded.");
            return (false, 0);
        }
        (flush(c, func, SupervisorCommand::Scene(SceneCommand::AnimationRecording(None))), 1)
    });
    exit_if(leave);
    stopped
}

/// False: there is no virtual-reality headset.
#[no_mangle]
pub extern "C" fn wb_supervisor_virtual_reality_headset_is_used() -> WbBool {
    supervisor_call("wb_supervisor_virtual_reality_headset_is_used", 0, |_| 0)
}

/// Three NaNs: there is no headset.
#[no_mangle]
pub extern "C" fn wb_supervisor_virtual_reality_headset_get_position() -> *const c_double {
    supervisor_call("wb_supervisor_virtual_reality_headset_get_position", NAN_VECTOR.as_ptr(), |_| NAN_VECTOR.as_ptr())
}

/// Nine NaNs: there is no headset.
#[no_mangle]
pub extern "C" fn wb_supervisor_virtual_reality_headset_get_orientation() -> *const c_double {
    supervisor_call("wb_supervisor_virtual_reality_headset_get_orientation", NAN_VECTOR.as_ptr(), |_| {
        NAN_VECTOR.as_ptr()
    })
}

/// NULL: there is no scene tree window to select a node in.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_selected() -> WbNodeRef {
    supervisor_call("wb_supervisor_node_get_selected", ptr::null_mut(), |_| ptr::null_mut())
}

/// Checks the node; there is no viewpoint to move headless.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_move_viewpoint(node: WbNodeRef) {
    let func = "wb_supervisor_node_move_viewpoint";
    supervisor_call(func, (), |c| {
        valid_node(c, func, node, "a ");
    })
}

/// Checks the nodes as Webots does; nothing renders headless, so nothing changes.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_set_visibility(node: WbNodeRef, from: WbNodeRef, visible: WbBool) {
    let func = "wb_supervisor_node_set_visibility";
    let _ = visible;
    supervisor_call(func, (), |c| {
        if valid_node(c, func, node, "a ").is_none() {
            return;
        }
        let Some(from_type) = c.supervision.node(from as usize).map(|h| h.info.node_type) else {
            if !quitting(c) {
                eprintln!("Error: {func}() called with a NULL or invalid 'from' argument.");
            }
            return;
        };
        let viewers = [
            WbNodeType::WB_NODE_VIEWPOINT,
            WbNodeType::WB_NODE_CAMERA,
            WbNodeType::WB_NODE_LIDAR,
            WbNodeType::WB_NODE_RANGE_FINDER,
        ];
        if !viewers.into_iter().any(|t| t as u16 == from_type) {
            eprintln!("Error: {func}() called with a 'from' argument which is not the viewpoint or a camera, lidar or range-finder device.");
        }
    })
}
