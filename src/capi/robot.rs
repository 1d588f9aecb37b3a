//! `robot.h`: the controller's life cycle (init, step, cleanup), the robot's properties and its
//! device list, the battery sensor, and the thread helpers.

use std::ffi::{c_char, c_double, c_int, c_void};

use super::types::{WbBool, WbDeviceTag};
use super::utils::motion;
use super::{c_str_arg, guard, with_controller};
use crate::controller::{c_string, global, Controller, Lifecycle, StepResult};
use crate::link;
use crate::protocol::RobotCommand;

/// An opaque mutex created by `wb_robot_mutex_new`.
pub type WbMutexRef = *mut c_void;

/// Robot modes.
#[repr(C)]
pub enum WbRobotMode {
    WB_MODE_SIMULATION = 0,
    WB_MODE_CROSS_COMPILATION,
    WB_MODE_REMOTE_CONTROL,
}

/// User input events (bit flags, except `WB_EVENT_QUIT`).
#[repr(C)]
pub enum WbUserInputEvent {
    WB_EVENT_QUIT = -1,
    WB_EVENT_NO_EVENT = 0,
    WB_EVENT_MOUSE_CLICK = 1,
    WB_EVENT_MOUSE_MOVE = 2,
    WB_EVENT_KEYBOARD = 4,
    WB_EVENT_JOYSTICK_BUTTON = 8,
    WB_EVENT_JOYSTICK_AXIS = 16,
    WB_EVENT_JOYSTICK_POV = 32,
}

/// A `WbRobotMode` as it crosses the ABI. Rendered as `WbRobotMode`.
pub type WbRobotModeValue = c_int;
/// A `WbUserInputEvent` as it crosses the ABI. Rendered as `WbUserInputEvent`.
pub type WbUserInputEventValue = c_int;

extern "C" {
    static mut stdout: *mut libc::FILE;
    static mut stderr: *mut libc::FILE;
}

const NOT_CONNECTED: &str = "Error: this Webots controller is not connected to a world.
  Run it through the runner:        webots-shim run path/to/world.wbt
  or run the world in this process: WEBOTS_SHIM_WORLD=path/to/world.wbt [WEBOTS_ROBOT_NAME=name] ./controller
  or join a run as <extern>:        WEBOTS_CONTROLLER_URL=ipc://PORT/ROBOT_NAME ./controller";

fn line_buffer_std_streams() {
    // SAFETY: glibc's stdout/stderr are valid FILE pointers for the whole process; setvbuf with a NULL
    // buffer lets libc allocate one, and fflush on them is always allowed.
    unsafe {
        libc::fflush(stdout);
        libc::fflush(stderr);
        libc::setvbuf(stdout, std::ptr::null_mut(), libc::_IOLBF, 4096);
        libc::setvbuf(stderr, std::ptr::null_mut(), libc::_IOLBF, 4096);
    }
}

fn exit_process(status: c_int) -> ! {
    // SAFETY: exit runs atexit handlers and flushes stdio, as a C controller expects; no lock is held.
    unsafe { libc::exit(status) }
}

/// Leaves the run (sending what is still queued) and exits with status 0: what Webots does on the
/// first stepping call after `wb_robot_step` returned -1.
pub(crate) fn cleanup_and_exit() -> ! {
    if let Some(mut c) = global::take() {
        c.leave();
    }
    motion::cleanup();
    exit_process(0)
}

/// Before a step's request goes: the playing motions set their motors, as Webots does (only for a step
/// that really starts).
fn play_motions(duration: c_int) {
    let starts = global::with(|c| !c.step_begun && c.lifecycle == Lifecycle::Running).unwrap_or(false);
    if starts {
        motion::step_all(duration);
    }
}

/// Connects to the world (once; later calls return at once). Returns 1.
#[no_mangle]
pub extern "C" fn wb_robot_init() -> c_int {
    guard("wb_robot_init", 0, || {
        line_buffer_std_streams();
        if global::is_initialized() {
            return 1;
        }
        // SAFETY: a static NUL-terminated locale name; controllers expect "." as decimal separator.
        unsafe { libc::setlocale(libc::LC_NUMERIC, c"C".as_ptr()) };
        let Some(target) = link::target_from_env() else {
            eprintln!("{NOT_CONNECTED}");
            exit_process(1);
        };
        match link::connect(target) {
            Ok((link, config)) => {
                global::install(Controller::new(link, config));
                1
            }
            Err(why) => {
                eprintln!("Error: {why}");
                exit_process(1);
            }
        }
    })
}

/// The MSVC entry point name of `wb_robot_init`.
#[no_mangle]
pub extern "C" fn wb_robot_init_msvc() -> c_int {
    wb_robot_init()
}

/// Runs a stepping call: `ExitNow` leaves the process, as in Webots.
fn stepping(func: &str, body: impl FnOnce(&mut Controller) -> StepResult) -> c_int {
    let result = guard(func, StepResult::Value(-1), || with_controller(func, StepResult::Value(-1), body));
    match result {
        StepResult::Value(v) => v,
        StepResult::ExitNow => cleanup_and_exit(),
    }
}

/// Sends this step's commands and starts `duration` ms of simulated time (returns at once).
#[no_mangle]
pub extern "C" fn wb_robot_step_begin(duration: c_int) -> c_int {
    play_motions(duration);
    stepping("wb_robot_step_begin", |c| {
        if c.step_begun {
            eprintln!("Warning: robot_step_begin() called multiple times before calling wb_robot_step_end().");
            return StepResult::Value(0);
        }
        c.step_begin(duration)
    })
}

/// Waits for the step started by `wb_robot_step_begin`; 0, or -1 when the run is over.
#[no_mangle]
pub extern "C" fn wb_robot_step_end() -> c_int {
    stepping("wb_robot_step_end", |c| {
        if c.lifecycle == Lifecycle::QuitReturned {
            return StepResult::ExitNow;
        }
        if !c.step_begun {
            c.step_begin(0);
        }
        StepResult::Value(c.step_end())
    })
}

/// Advances the simulation by `duration` ms; 0, or -1 once when the run is over (the next stepping
/// call then exits the process with status 0).
#[no_mangle]
pub extern "C" fn wb_robot_step(duration: c_int) -> c_int {
    play_motions(duration);
    stepping("wb_robot_step", |c| c.step(duration))
}

/// Waits for a user input event, the simulation held meanwhile. Headless runs never produce one: with
/// at least one of the asked-for input devices enabled (or no event asked for), the call returns
/// `WB_EVENT_NO_EVENT` once `timeout` ms of real time have passed, simulated time unchanged; asking
/// only for disabled devices prints Webots' errors and returns at once. Returns `WB_EVENT_QUIT` when the
/// run is over.
#[no_mangle]
pub extern "C" fn wb_robot_wait_for_user_input_event(
    event_type: WbUserInputEventValue,
    timeout: c_int,
) -> WbUserInputEventValue {
    let func = "wb_robot_wait_for_user_input_event";
    let mouse = WbUserInputEvent::WB_EVENT_MOUSE_CLICK as c_int | WbUserInputEvent::WB_EVENT_MOUSE_MOVE as c_int;
    let joystick = WbUserInputEvent::WB_EVENT_JOYSTICK_BUTTON as c_int
        | WbUserInputEvent::WB_EVENT_JOYSTICK_AXIS as c_int
        | WbUserInputEvent::WB_EVENT_JOYSTICK_POV as c_int;
    // as in Webots, one enabled device among those asked for makes the wait valid
    let mut valid = event_type == WbUserInputEvent::WB_EVENT_NO_EVENT as c_int;
    if event_type & mouse != 0 {
        if super::mouse::wb_mouse_get_sampling_period() <= 0 {
            eprintln!("Error: {func}() called with an event type including the mouse, but the mouse is disabled, please enable it with wb_mouse_enable().");
        } else {
            valid = true;
        }
    }
    if event_type & WbUserInputEvent::WB_EVENT_KEYBOARD as c_int != 0 {
        if super::keyboard::wb_keyboard_get_sampling_period() <= 0 {
            eprintln!("Error: {func}() called with an event type including the keyboard, but the keyboard is disabled, please enable it with wb_keyboard_enable().");
        } else {
            valid = true;
        }
    }
    if event_type & joystick != 0 {
        if super::joystick::wb_joystick_get_sampling_period() <= 0 {
            eprintln!("Error: {func}() called with an event type including a joystick, but no joystick is enabled, please enable it with wb_joystick_enable().");
        } else {
            valid = true;
        }
    }
    if !valid {
        return WbUserInputEvent::WB_EVENT_NO_EVENT as c_int;
    }
    let initialized = global::with(|c| c.lifecycle == Lifecycle::Running).unwrap_or(false);
    if initialized {
        std::thread::sleep(std::time::Duration::from_millis(u64::try_from(timeout).unwrap_or(0)));
    }
    // a round trip without time passing tells whether the run ended meanwhile
    match stepping(func, |c| c.step(0)) {
        -1 => WbUserInputEvent::WB_EVENT_QUIT as c_int,
        _ => WbUserInputEvent::WB_EVENT_NO_EVENT as c_int,
    }
}

/// Tells the world this controller leaves, delivering what is still queued; last API call.
#[no_mangle]
pub extern "C" fn wb_robot_cleanup() {
    guard("wb_robot_cleanup", (), || {
        if let Some(mut c) = global::take() {
            c.leave();
        }
        motion::cleanup();
    })
}

/// Simulated time in seconds.
#[no_mangle]
pub extern "C" fn wb_robot_get_time() -> c_double {
    guard("wb_robot_get_time", f64::NAN, || with_controller("wb_robot_get_time", f64::NAN, |c| c.time_ms / 1000.0))
}

/// A URDF description of the robot. Link names start with `prefix`.
///
/// # Safety
/// `prefix` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_robot_get_urdf(prefix: *const c_char) -> *const c_char {
    // SAFETY: `prefix` is NULL or a C string, per the API.
    let prefix = unsafe { c_str_arg(prefix) }.map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
    guard("wb_robot_get_urdf", std::ptr::null(), || {
        with_controller("wb_robot_get_urdf", std::ptr::null(), |c| {
            let name = c.name.to_string_lossy().into_owned();
            let urdf = format!(
                "<?xml version=\"1.0\"?>\n<robot name=\"{}\" xmlns:xacro=\"http://ros.org/wiki/xacro\">\n  <link name=\"{}base_link\">\n  </link>\n</robot>\n",
                xml_escape(&name),
                xml_escape(&prefix)
            );
            c.urdf.insert(c_string(&urdf)).as_ptr()
        })
    })
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The robot's `name` field.
#[no_mangle]
pub extern "C" fn wb_robot_get_name() -> *const c_char {
    guard("wb_robot_get_name", std::ptr::null(), || {
        with_controller("wb_robot_get_name", std::ptr::null(), |c| c.name.as_ptr())
    })
}

/// The robot's `model` field.
#[no_mangle]
pub extern "C" fn wb_robot_get_model() -> *const c_char {
    guard("wb_robot_get_model", std::ptr::null(), || {
        with_controller("wb_robot_get_model", std::ptr::null(), |c| c.model.as_ptr())
    })
}

/// The robot's `customData` field, as last set.
#[no_mangle]
pub extern "C" fn wb_robot_get_custom_data() -> *const c_char {
    guard("wb_robot_get_custom_data", std::ptr::null(), || {
        with_controller("wb_robot_get_custom_data", std::ptr::null(), |c| c.custom_data.as_ptr())
    })
}

/// The project folder (the one holding `worlds/` and `controllers/`), without a trailing separator.
#[no_mangle]
pub extern "C" fn wb_robot_get_project_path() -> *const c_char {
    guard("wb_robot_get_project_path", std::ptr::null(), || {
        with_controller("wb_robot_get_project_path", std::ptr::null(), |c| c.project_path.as_ptr())
    })
}

/// The world file's full path.
#[no_mangle]
pub extern "C" fn wb_robot_get_world_path() -> *const c_char {
    guard("wb_robot_get_world_path", std::ptr::null(), || {
        with_controller("wb_robot_get_world_path", std::ptr::null(), |c| c.world_path.as_ptr())
    })
}

/// Sets the robot's `customData` field (sent with the next step).
///
/// # Safety
/// `data` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_robot_set_custom_data(data: *const c_char) {
    // SAFETY: `data` is NULL or a C string, per the API.
    let data = unsafe { c_str_arg(data) }.map(|d| d.to_string_lossy().into_owned());
    guard("wb_robot_set_custom_data", (), || {
        let Some(data) = data else {
            eprintln!("Error: wb_robot_set_custom_data() called with NULL argument.");
            return;
        };
        with_controller("wb_robot_set_custom_data", (), |c| c.set_custom_data(&data))
    })
}

/// Always `WB_MODE_SIMULATION`: there is no remote-control plugin in a headless run.
#[no_mangle]
pub extern "C" fn wb_robot_get_mode() -> WbRobotModeValue {
    WbRobotMode::WB_MODE_SIMULATION as c_int
}

/// Only simulation mode exists here; `WB_MODE_REMOTE_CONTROL` falls back to it, as Webots does
/// without a remote-control library.
#[no_mangle]
pub extern "C" fn wb_robot_set_mode(mode: WbRobotModeValue, arg: *const c_char) {
    let _ = arg;
    if mode != WbRobotMode::WB_MODE_SIMULATION as c_int && mode != WbRobotMode::WB_MODE_REMOTE_CONTROL as c_int {
        eprintln!("Error: wb_robot_set_mode() cannot set mode to {mode}.");
    }
}

/// The robot's `synchronization` field.
#[no_mangle]
pub extern "C" fn wb_robot_get_synchronization() -> WbBool {
    guard("wb_robot_get_synchronization", 0, || {
        with_controller("wb_robot_get_synchronization", 0, |c| WbBool::from(c.synchronization))
    })
}

/// The robot's `supervisor` field.
#[no_mangle]
pub extern "C" fn wb_robot_get_supervisor() -> WbBool {
    guard("wb_robot_get_supervisor", 0, || {
        with_controller("wb_robot_get_supervisor", 0, |c| WbBool::from(c.supervisor))
    })
}

/// `WorldInfo.basicTimeStep`, in milliseconds.
#[no_mangle]
pub extern "C" fn wb_robot_get_basic_time_step() -> c_double {
    guard("wb_robot_get_basic_time_step", f64::NAN, || {
        with_controller("wb_robot_get_basic_time_step", f64::NAN, |c| c.basic_time_step)
    })
}

/// The tag of the device named `name` (0 with a warning when there is none).
///
/// # Safety
/// `name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_robot_get_device(name: *const c_char) -> WbDeviceTag {
    // SAFETY: `name` is NULL or a C string, per the API.
    let name = unsafe { c_str_arg(name) };
    guard("wb_robot_get_device", 0, || {
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            eprintln!("Error: wb_robot_get_device() called with NULL or empty argument.");
            return 0;
        };
        if !global::is_initialized() {
            wb_robot_init();
            eprintln!("abort: wb_robot_init() must be called before any other Webots function.");
            exit_process(1);
        }
        with_controller("wb_robot_get_device", 0, |c| {
            c.find_device(name.to_bytes()).unwrap_or_else(|| {
                eprintln!("Warning: \"{}\" device not found.", name.to_string_lossy());
                0
            })
        })
    })
}

/// Number of devices (the robot itself excluded).
#[no_mangle]
pub extern "C" fn wb_robot_get_number_of_devices() -> c_int {
    guard("wb_robot_get_number_of_devices", 0, || {
        with_controller("wb_robot_get_number_of_devices", 0, |c| c.devices.len() as c_int - 1)
    })
}

/// The tag of device `index` (0-based), i.e. `index + 1`.
#[no_mangle]
pub extern "C" fn wb_robot_get_device_by_index(index: c_int) -> WbDeviceTag {
    guard("wb_robot_get_device_by_index", 0, || {
        with_controller("wb_robot_get_device_by_index", 0, |c| {
            if index >= 0 && (index as usize) < c.devices.len() - 1 {
                (index + 1) as WbDeviceTag
            } else {
                eprintln!("Error: The index of wb_robot_get_device_by_index() is out of the bounds.");
                0
            }
        })
    })
}

/// Enables the battery sensor (`sampling_period` ms; 0 disables).
#[no_mangle]
pub extern "C" fn wb_robot_battery_sensor_enable(sampling_period: c_int) {
    guard("wb_robot_battery_sensor_enable", (), || {
        if sampling_period < 0 {
            eprintln!("Error: wb_robot_battery_sensor_enable() called with negative sampling period.");
            return;
        }
        with_controller("wb_robot_battery_sensor_enable", (), |c| {
            c.battery_period = sampling_period;
            c.push_robot_command(RobotCommand::BatterySampling(sampling_period as u32));
        })
    })
}

/// Disables the battery sensor.
#[no_mangle]
pub extern "C" fn wb_robot_battery_sensor_disable() {
    wb_robot_battery_sensor_enable(0)
}

/// The battery sensor's sampling period in ms (0 = disabled).
#[no_mangle]
pub extern "C" fn wb_robot_battery_sensor_get_sampling_period() -> c_int {
    guard("wb_robot_battery_sensor_get_sampling_period", 0, || {
        with_controller("wb_robot_battery_sensor_get_sampling_period", 0, |c| c.battery_period)
    })
}

/// Battery energy in joules as last sampled; -1 with an empty `battery` field, NaN before the first sample.
#[no_mangle]
pub extern "C" fn wb_robot_battery_sensor_get_value() -> c_double {
    guard("wb_robot_battery_sensor_get_value", f64::NAN, || {
        with_controller("wb_robot_battery_sensor_get_value", f64::NAN, |c| {
            if c.battery_period <= 0 {
                eprintln!("Error: wb_robot_battery_sensor_get_value() called for a disabled device! Please use: wb_robot_battery_sensor_enable().");
            }
            c.battery_value
        })
    })
}

/// A thread-safe raw pointer, to hand the task's parameter to its thread.
struct TaskParam(*mut c_void);
// SAFETY: the pointer is only passed back to the controller's own task function, as Webots does.
unsafe impl Send for TaskParam {}

/// Runs `task(param)` on a new thread.
#[no_mangle]
pub extern "C" fn wb_robot_task_new(task: Option<unsafe extern "C" fn(*mut c_void)>, param: *mut c_void) {
    guard("wb_robot_task_new", (), || {
        let Some(task) = task else {
            eprintln!("Error: wb_robot_task_new() called with NULL task.");
            return;
        };
        let param = TaskParam(param);
        let spawned = std::thread::Builder::new().spawn(move || {
            let param = param;
            // SAFETY: the controller gave this function and parameter for exactly this call.
            unsafe { task(param.0) }
        });
        if spawned.is_err() {
            eprintln!("Error: wb_robot_task_new() failed to create new thread.");
            exit_process(1);
        }
    })
}

type RawMutex = parking_lot::RawMutex;

/// A new (non-recursive) mutex.
#[no_mangle]
pub extern "C" fn wb_robot_mutex_new() -> WbMutexRef {
    use parking_lot::lock_api::RawMutex as _;
    Box::into_raw(Box::new(RawMutex::INIT)) as WbMutexRef
}

/// Locks a mutex from `wb_robot_mutex_new`.
#[no_mangle]
pub extern "C" fn wb_robot_mutex_lock(m: WbMutexRef) {
    use parking_lot::lock_api::RawMutex as _;
    if m.is_null() {
        return;
    }
    // SAFETY: `m` came from wb_robot_mutex_new and has not been deleted, per the API.
    unsafe { &*(m as *const RawMutex) }.lock();
}

/// Unlocks a mutex locked by this thread.
#[no_mangle]
pub extern "C" fn wb_robot_mutex_unlock(m: WbMutexRef) {
    use parking_lot::lock_api::RawMutex as _;
    if m.is_null() {
        return;
    }
    // SAFETY: `m` came from wb_robot_mutex_new and is locked by the caller, per the API.
    unsafe { (*(m as *const RawMutex)).unlock() };
}

/// Frees a mutex from `wb_robot_mutex_new`.
#[no_mangle]
pub extern "C" fn wb_robot_mutex_delete(m: WbMutexRef) {
    if m.is_null() {
        return;
    }
    // SAFETY: `m` came from Box::into_raw in wb_robot_mutex_new and is deleted once, per the API.
    drop(unsafe { Box::from_raw(m as *mut RawMutex) });
}

/// Motion-editor helper; nothing to pin in a headless run.
#[no_mangle]
pub extern "C" fn wb_robot_pin_to_static_environment(_pin: WbBool) {}

/// The robot's `controller` field.
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_robot_get_controller_name() -> *const c_char {
    guard("wb_robot_get_controller_name", std::ptr::null(), || {
        with_controller("wb_robot_get_controller_name", std::ptr::null(), |c| c.controller_name.as_ptr())
    })
}

/// Former name of `wb_robot_get_custom_data`.
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_robot_get_data() -> *const c_char {
    wb_robot_get_custom_data()
}

/// Former name of `wb_robot_set_custom_data`.
///
/// # Safety
/// `data` is NULL or a NUL-terminated string.
#[no_mangle]
#[deprecated]
pub unsafe extern "C" fn wb_robot_set_data(data: *const c_char) {
    // SAFETY: same contract as wb_robot_set_custom_data.
    unsafe { wb_robot_set_custom_data(data) }
}
