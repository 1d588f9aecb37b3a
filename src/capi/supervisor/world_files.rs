//! World files and controller restarts: loading another world or reloading this one (every controller's
//! run ends and the runner starts the new world's), saving the scene as a world file, restarting a
//! robot's controller.

use std::ffi::{c_char, CStr};

use super::nodes::valid_node;
use super::{exit_if, flush, supervisor_call};
use crate::capi::c_str_arg;
use crate::capi::types::{WbBool, WbNodeRef};
use crate::protocol::{Query, QueryAnswer, SceneAnswer, SceneCommand, SceneQuery, SupervisorCommand};

/// A path given by the controller, made absolute against its working folder (the world runs elsewhere).
fn absolute(path: &CStr) -> String {
    let path = std::path::PathBuf::from(path.to_string_lossy().into_owned());
    let path = if path.is_absolute() { path } else { std::env::current_dir().unwrap_or_default().join(path) };
    path.to_string_lossy().into_owned()
}

/// The part of a file name after its last dot ("" without one), as Webots compares extensions.
pub(super) fn extension(name: &CStr) -> String {
    let name = name.to_string_lossy();
    let file = name.rsplit('/').next().unwrap_or_default();
    file.rsplit_once('.').map(|(_, e)| e.to_string()).unwrap_or_default()
}

/// Ends the run of every controller and starts the world in `filename` (relative to this controller's
/// folder), with its own controllers.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_world_load(filename: *const c_char) {
    let func = "wb_supervisor_world_load";
    // SAFETY: `filename` is NULL or NUL-terminated per this function's contract.
    let filename = unsafe { c_str_arg(filename) };
    exit_if(supervisor_call(func, false, |c| {
        let Some(name) = filename.filter(|f| !f.is_empty()) else {
            eprintln!("Error: {func}() called with NULL or empty 'filename' argument.");
            return false;
        };
        flush(c, func, SupervisorCommand::Scene(SceneCommand::LoadWorld(Some(absolute(name)))))
    }));
}

/// Writes the scene as a world file: `filename` (a `.wbt` path relative to this controller's folder),
/// or the world's own file when NULL. Whether it worked.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_world_save(filename: *const c_char) -> WbBool {
    let func = "wb_supervisor_world_save";
    // SAFETY: `filename` is NULL or NUL-terminated per this function's contract.
    let filename = unsafe { c_str_arg(filename) };
    supervisor_call(func, 0, |c| {
        if let Some(name) = filename {
            if extension(name) != "wbt" {
                eprintln!("Error: the target file given to {func}() should have the '.wbt' extension.");
                return 0;
            }
        }
        match c.query_after_writes(func, Query::Scene(SceneQuery::SaveWorld(filename.map(absolute)))) {
            Some(QueryAnswer::Scene(SceneAnswer::Done(done))) => WbBool::from(done),
            _ => 0,
        }
    })
}

/// Ends the run of every controller and starts the world file again, with its controllers.
#[no_mangle]
pub extern "C" fn wb_supervisor_world_reload() {
    let func = "wb_supervisor_world_reload";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::Scene(SceneCommand::LoadWorld(None)))));
}

/// Former name of `wb_supervisor_world_reload`.
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_supervisor_simulation_revert() {
    if supervisor_call("wb_supervisor_simulation_revert", false, |_| true) {
        wb_supervisor_world_reload();
    }
}

/// Former name of `wb_supervisor_world_load`.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
#[deprecated]
pub unsafe extern "C" fn wb_supervisor_load_world(filename: *const c_char) {
    if supervisor_call("wb_supervisor_load_world", false, |_| true) {
        // SAFETY: same contract.
        unsafe { wb_supervisor_world_load(filename) }
    }
}

/// Former name of `wb_supervisor_world_save`.
///
/// # Safety
/// `filename` is NULL or a NUL-terminated string.
#[no_mangle]
#[deprecated]
pub unsafe extern "C" fn wb_supervisor_save_world(filename: *const c_char) -> WbBool {
    if !supervisor_call("wb_supervisor_save_world", false, |_| true) {
        return 0;
    }
    // SAFETY: same contract.
    unsafe { wb_supervisor_world_save(filename) }
}

/// Stops the robot's controller and starts it again (the runner relaunches the program; the robot
/// keeps its place and the simulation its time).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_restart_controller(node: WbNodeRef) {
    let func = "wb_supervisor_node_restart_controller";
    exit_if(supervisor_call(func, false, |c| {
        let Some(addr) = valid_node(c, func, node, "a ") else { return false };
        let Some(id) = c.supervision.node(addr).map(|h| h.info.id) else { return false };
        flush(c, func, SupervisorCommand::Scene(SceneCommand::RestartController(id)))
    }));
}
