//! `utils/motion.h`: motion files played onto the robot's motors. A motion's joints are the robot's
//! devices of the same names; each `wb_robot_step` (or `wb_robot_step_begin`) first sets every playing
//! motion's joints with `wb_motor_set_position`, then moves the motions on by the step's duration,
//! as Webots does.
//!
//! The motors are driven through the exported `wb_motor_set_position`, looked up when a motion first
//! plays, so the motion player follows whatever motor implementation the process has.

use std::ffi::{c_char, c_int, c_void};
use std::ptr;

use once_cell::sync::OnceCell;
use parking_lot::Mutex;

use crate::capi::c_str_arg;
use crate::capi::nodes::WbNodeType;
use crate::capi::types::{WbBool, WbDeviceTag, WbMotionRef};
use crate::controller::global;
use crate::controller::motion::{MotionFile, Playback};

/// A loaded motion: its playback and the robot's devices its joints drive.
struct Motion {
    playback: Playback,
    /// Per joint: the device's tag (0: not on this robot) and node type.
    devices: Vec<(WbDeviceTag, u16)>,
}

struct Registry {
    /// Newest first (the order Webots plays them in). Boxed: a motion's address is its `WbMotionRef`
    /// and must not move when the list grows.
    #[allow(clippy::vec_box)]
    motions: Vec<Box<Motion>>,
    /// `wb_robot_cleanup` freed every motion: deleting one later is not an error.
    cleaned_up: bool,
}

static MOTIONS: Mutex<Registry> = Mutex::new(Registry { motions: Vec::new(), cleaned_up: false });

/// The `WbMotionRef` of a motion: its box's address.
fn reference(m: &Motion) -> WbMotionRef {
    m as *const Motion as WbMotionRef
}

/// Runs `body` on the motion behind `motion`; otherwise prints Webots' NULL-argument error (or ours for a
/// pointer that is not a live motion) and returns `fallback`.
fn with_motion<R>(func: &str, motion: WbMotionRef, fallback: R, body: impl FnOnce(&mut Playback) -> R) -> R {
    if motion.is_null() {
        eprintln!("Error: {func}() called with NULL argument.");
        return fallback;
    }
    let mut registry = MOTIONS.lock();
    match registry.motions.iter_mut().find(|m| reference(m) == motion) {
        Some(m) => body(&mut m.playback),
        None => {
            eprintln!("Error: {func}() called with an invalid 'motion' argument.");
            fallback
        }
    }
}

/// The robot's device named `name` (tag 0, the robot itself, counts as not found), with its type.
fn find_device(name: &str) -> (WbDeviceTag, u16) {
    global::with(|c| {
        c.devices
            .iter()
            .position(|d| d.name.as_bytes() == name.as_bytes())
            .map(|t| (t as WbDeviceTag, c.devices[t].node_type))
    })
    .flatten()
    .unwrap_or((0, 0))
}

/// Loads a motion file. NULL (with Webots' message) when it cannot be read or is malformed; joints
/// this robot has no device for are ignored, with a warning.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wbu_motion_new(filename: *const c_char) -> WbMotionRef {
    let func = "wbu_motion_new";
    // SAFETY: `filename` is NULL or NUL-terminated per the contract.
    let filename = unsafe { c_str_arg(filename) };
    crate::capi::guard(func, ptr::null_mut(), || {
        let Some(name) = filename.filter(|f| !f.is_empty()).map(|f| f.to_string_lossy().into_owned()) else {
            eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
            return ptr::null_mut();
        };
        let Ok(bytes) = std::fs::read(&name) else {
            eprintln!("Error: {func}(): could not open '{name}' file.");
            return ptr::null_mut();
        };
        let file = match MotionFile::parse(&String::from_utf8_lossy(&bytes), &name) {
            Ok(file) => file,
            Err(message) => {
                eprintln!("{message}");
                return ptr::null_mut();
            }
        };
        if file.joints.is_empty() || file.times.is_empty() {
            eprintln!("Error: {func}(): file '{name}' must contain at least one joint and one pose.");
            return ptr::null_mut();
        }
        let devices: Vec<(WbDeviceTag, u16)> = file.joints.iter().map(|j| find_device(j)).collect();
        for (joint, (tag, _)) in file.joints.iter().zip(&devices) {
            if *tag == 0 {
                eprintln!(
                    "Warning: {func}(): ignoring joint '{joint}', specified in file '{name}', but not found in this robot."
                );
            }
        }
        let motion = Box::new(Motion { playback: Playback::new(file), devices });
        let reference = reference(&motion);
        MOTIONS.lock().motions.insert(0, motion);
        reference
    })
}

/// Frees a motion (it stops playing).
#[no_mangle]
pub extern "C" fn wbu_motion_delete(motion: WbMotionRef) {
    if motion.is_null() {
        return;
    }
    let mut registry = MOTIONS.lock();
    match registry.motions.iter().position(|m| reference(m) == motion) {
        Some(i) => drop(registry.motions.remove(i)),
        None if registry.cleaned_up => {}
        None => eprintln!("Error: wbu_motion_delete(): attempt to delete an invalid 'motion'."),
    }
}

/// Starts (or resumes) playing; a motion at its end starts again from the other end.
#[no_mangle]
pub extern "C" fn wbu_motion_play(motion: WbMotionRef) {
    if motion.is_null() {
        eprintln!("Error: wbu_motion_play() called with NULL 'motion' argument.");
        return;
    }
    with_motion("wbu_motion_play", motion, (), Playback::play)
}

/// Stops playing (the motion stays where it is).
#[no_mangle]
pub extern "C" fn wbu_motion_stop(motion: WbMotionRef) {
    with_motion("wbu_motion_stop", motion, (), |p| p.playing = false)
}

/// Whether reaching an end starts the motion again.
#[no_mangle]
pub extern "C" fn wbu_motion_set_loop(motion: WbMotionRef, looping: WbBool) {
    with_motion("wbu_motion_set_loop", motion, (), |p| p.looping = looping != 0)
}

/// Whether the motion plays backwards.
#[no_mangle]
pub extern "C" fn wbu_motion_set_reverse(motion: WbMotionRef, reverse: WbBool) {
    with_motion("wbu_motion_set_reverse", motion, (), |p| p.reverse = reverse != 0)
}

/// Whether a non-looping motion reached the end it plays towards.
#[no_mangle]
pub extern "C" fn wbu_motion_is_over(motion: WbMotionRef) -> WbBool {
    with_motion("wbu_motion_is_over", motion, 0, |p| WbBool::from(p.is_over()))
}

/// The time of the last pose, in milliseconds (-1 on error).
#[no_mangle]
pub extern "C" fn wbu_motion_get_duration(motion: WbMotionRef) -> c_int {
    with_motion("wbu_motion_get_duration", motion, -1, |p| p.file.duration())
}

/// Where the motion is, in milliseconds (-1 on error).
#[no_mangle]
pub extern "C" fn wbu_motion_get_time(motion: WbMotionRef) -> c_int {
    with_motion("wbu_motion_get_time", motion, -1, |p| p.elapsed)
}

/// Moves the motion to `time` ms, clamped to [0, duration].
#[no_mangle]
pub extern "C" fn wbu_motion_set_time(motion: WbMotionRef, time: c_int) {
    with_motion("wbu_motion_set_time", motion, (), |p| p.set_time(time))
}

type MotorSetter = unsafe extern "C" fn(WbDeviceTag, f64);

/// `wb_motor_set_position` as the process resolves it (the controller's own definition first).
fn motor_setter() -> Option<MotorSetter> {
    static SETTER: OnceCell<Option<usize>> = OnceCell::new();
    let address = SETTER.get_or_init(|| {
        // SAFETY: dlsym with RTLD_DEFAULT and a NUL-terminated name only reads the loaded objects' tables.
        let found: *mut c_void = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"wb_motor_set_position".as_ptr()) };
        (!found.is_null()).then_some(found as usize)
    });
    // SAFETY: a non-NULL address found under that name is the C function `void (WbDeviceTag, double)`
    // of motor.h.
    address.map(|a| unsafe { std::mem::transmute::<usize, MotorSetter>(a) })
}

/// Plays every playing motion for a step of `millis` ms (called before the step's request is sent).
pub(crate) fn step_all(millis: c_int) {
    if millis <= 0 {
        return;
    }
    let mut commands = Vec::new();
    {
        let mut registry = MOTIONS.lock();
        for motion in registry.motions.iter_mut().filter(|m| m.playback.playing) {
            let positions = motion.playback.step(millis);
            for ((position, &(tag, node_type)), joint) in
                positions.into_iter().zip(&motion.devices).zip(&motion.playback.file.joints)
            {
                let Some(position) = position.filter(|_| tag != 0) else { continue };
                let motor = [WbNodeType::WB_NODE_ROTATIONAL_MOTOR as u16, WbNodeType::WB_NODE_LINEAR_MOTOR as u16];
                if motor.contains(&node_type) {
                    commands.push((tag, position));
                } else {
                    eprintln!("Error: unexpeced type for device \"{joint}\".");
                }
            }
        }
    }
    if commands.is_empty() {
        return;
    }
    match motor_setter() {
        // SAFETY: the motor function of motor.h, called with a tag and a position; no lock of ours is held.
        Some(set) => commands.into_iter().for_each(|(tag, position)| unsafe { set(tag, position) }),
        None => eprintln!(
            "Error: wbu_motion: this libController has no wb_motor_set_position: the motion cannot move its motors."
        ),
    }
}

/// `wb_robot_cleanup` frees every motion, as Webots does.
pub(crate) fn cleanup() {
    let mut registry = MOTIONS.lock();
    registry.motions.clear();
    registry.cleaned_up = true;
}
