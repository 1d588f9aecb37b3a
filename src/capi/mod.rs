//! The exported C ABI. One file per Webots header (`robot.rs` ⇔ `robot.h`, ...); `build.rs` turns each
//! into `include/webots/<name>.h`. Every export runs inside `guard`, so no Rust panic crosses into C.

// The C API keeps Webots' names (WB_NODE_ROBOT, WbNodeType, ...).
#![allow(non_camel_case_types)]

pub mod accelerometer;
pub mod altimeter;
pub mod brake;
pub mod camera;
pub mod camera_recognition_object;
pub mod compass;
pub mod connector;
pub mod console;
pub mod contact_point;
pub mod device;
pub mod display;
pub mod distance_sensor;
pub mod emitter;
pub mod gps;
pub mod gyro;
pub mod inertial_unit;
pub mod joystick;
pub mod keyboard;
pub mod led;
pub mod lidar;
pub mod lidar_point;
pub mod light_sensor;
pub mod microphone;
pub mod motor;
pub mod mouse;
pub mod mouse_state;
pub mod nodes;
pub mod pen;
pub mod plugins;
pub mod position_sensor;
pub mod radar;
pub mod radar_target;
pub mod radio;
pub mod range_finder;
pub mod receiver;
pub mod remote_control;
pub mod robot;
pub mod skin;
pub mod speaker;
pub mod supervisor;
pub mod symbols;
pub mod touch_sensor;
pub mod types;
pub mod utils;
pub mod vacuum_gripper;

use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::controller::local::{self, LocalDevice};
use crate::controller::sensor::SensorState;
use crate::controller::{global, Controller, DeviceState};
use crate::protocol::node_type::NodeTypeCode;

/// Runs an export's body; a panic becomes an error line and the export's Webots error value.
pub(crate) fn guard<R>(func: &str, fallback: R, body: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(r) => r,
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            eprintln!("Error: {func}(): internal error in webots-shim: {why}");
            fallback
        }
    }
}

/// Runs `body` on the initialised controller; before `wb_robot_init` prints an error and returns
/// `fallback`.
pub(crate) fn with_controller<R>(func: &str, fallback: R, body: impl FnOnce(&mut Controller) -> R) -> R {
    match global::with(body) {
        Some(r) => r,
        None => {
            eprintln!("Error: {func}() called before wb_robot_init().");
            fallback
        }
    }
}

/// A C string argument; `None` for NULL.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that outlives the call.
pub(crate) unsafe fn c_str_arg<'a>(p: *const c_char) -> Option<&'a CStr> {
    if p.is_null() {
        None
    } else {
        // SAFETY: non-NULL and NUL-terminated per this function's contract.
        Some(unsafe { CStr::from_ptr(p) })
    }
}

/// Runs `body` on the sampled sensor behind `tag` when it is a node of `node_type`; otherwise prints
/// Webots' invalid-tag errors and returns `fallback`.
pub(crate) fn sensor_call<R: Clone>(
    func: &str,
    tag: u16,
    node_type: NodeTypeCode,
    fallback: R,
    body: impl FnOnce(&mut SensorState) -> R,
) -> R {
    guard(func, fallback.clone(), || {
        with_controller(func, fallback.clone(), |c| {
            let known = (tag as usize) < c.devices.len();
            let sensor =
                c.devices.get_mut(tag as usize).filter(|d| d.node_type == node_type).and_then(|d| match &mut d.state {
                    DeviceState::Sensor(s) => Some(s),
                    _ => None,
                });
            match sensor {
                Some(s) => body(s),
                None => {
                    if !known {
                        eprintln!("Error: device with tag={tag} not found.");
                    }
                    eprintln!("Error: {func}(): invalid device tag.");
                    fallback
                }
            }
        })
    })
}

/// A sampled sensor's `enable`: Webots' check of the period, then the period is sent with the next
/// step.
pub(crate) fn sensor_enable(func: &str, tag: u16, node_type: NodeTypeCode, period: c_int) {
    if period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    sensor_call(func, tag, node_type, (), |s| s.enable(period))
}

/// A sampled sensor's value getter: Webots' disabled-device error (`enable` names the function to
/// call), then `read` of the last sample.
pub(crate) fn sensor_read<R: Clone>(
    func: &str,
    enable: &str,
    tag: u16,
    node_type: NodeTypeCode,
    fallback: R,
    read: impl FnOnce(&mut SensorState) -> R,
) -> R {
    sensor_call(func, tag, node_type, fallback, |s| {
        warn_if_disabled(func, enable, s);
        read(s)
    })
}

/// Webots' error for reading a sensor whose sampling period is 0 (`enable` names the function to call).
pub(crate) fn warn_if_disabled(func: &str, enable: &str, s: &SensorState) {
    if s.sampling_period <= 0 {
        eprintln!("Error: {func}() called for a disabled device! Please use: {enable}().");
    }
}

/// A sensor's lookup table as `get_lookup_table` returns it: rows of (input, output, noise), NULL
/// when it is empty.
pub(crate) fn lookup_table_of(s: &SensorState) -> *const f64 {
    if s.lookup_table.is_empty() {
        std::ptr::null()
    } else {
        s.lookup_table.as_ptr()
    }
}

/// The number of rows of a sensor's lookup table.
pub(crate) fn lookup_table_rows(s: &SensorState) -> c_int {
    (s.lookup_table.len() / 3) as c_int
}

/// Runs `body` on the device behind `tag` when `pick` finds it of the right kind; otherwise prints
/// Webots' invalid-tag errors and returns `fallback`.
pub(crate) fn device_call<T, R: Clone>(
    func: &str,
    tag: u16,
    fallback: R,
    pick: fn(&mut DeviceState) -> Option<&mut T>,
    body: impl FnOnce(&mut T) -> R,
) -> R {
    guard(func, fallback.clone(), || {
        with_controller(func, fallback.clone(), |c| {
            let known = (tag as usize) < c.devices.len();
            match c.device_state(tag).and_then(pick) {
                Some(device) => body(device),
                None => {
                    if !known {
                        eprintln!("Error: device with tag={tag} not found.");
                    }
                    eprintln!("Error: {func}(): invalid device tag.");
                    fallback
                }
            }
        })
    })
}

/// The state behind a `Local` device slot as a `T`.
fn pick_local<T: LocalDevice>(state: &mut DeviceState) -> Option<&mut T> {
    match state {
        DeviceState::Local(d) => local::downcast::<T>(d),
        _ => None,
    }
}

/// Whether a device's state is a `T` (a camera...).
pub(crate) fn is_local<T: LocalDevice>(state: Option<&mut DeviceState>) -> bool {
    state.is_some_and(|s| pick_local::<T>(s).is_some())
}

/// Runs `body` on the device behind `tag` when its controller-side state is a `T` (a camera, a
/// display...); otherwise prints Webots' invalid-tag errors and returns `fallback`.
pub(crate) fn local_call<T: LocalDevice, R: Clone>(
    func: &str,
    tag: u16,
    fallback: R,
    body: impl FnOnce(&mut T) -> R,
) -> R {
    device_call(func, tag, fallback, pick_local::<T>, body)
}

/// `local_call` with the controller's simulated time (ms) too.
pub(crate) fn local_call_at<T: LocalDevice, R: Clone>(
    func: &str,
    tag: u16,
    fallback: R,
    body: impl FnOnce(&mut T, f64) -> R,
) -> R {
    guard(func, fallback.clone(), || {
        with_controller(func, fallback.clone(), |c| {
            let (known, now) = ((tag as usize) < c.devices.len(), c.time_ms);
            match c.device_state(tag).and_then(pick_local::<T>) {
                Some(device) => body(device, now),
                None => {
                    if !known {
                        eprintln!("Error: device with tag={tag} not found.");
                    }
                    eprintln!("Error: {func}(): invalid device tag.");
                    fallback
                }
            }
        })
    })
}
