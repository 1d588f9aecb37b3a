//! `supervisor.h` (the subset test harnesses use): finding nodes, reading and writing their fields,
//! reading poses, and quitting, resetting or pacing the simulation. Every function first checks that
//! the robot is a supervisor; field functions then check the field in Webots' order (NULL, unknown,
//! read-only, type, index) with Webots' messages.

mod fields;
mod getters;
mod headless;
mod movie;
mod nodes;
mod physics;
mod poses;
mod protos;
mod setters;
mod simulation;
mod states;
mod structure;
mod world_files;

use std::ffi::{c_int, CStr};

use super::robot::cleanup_and_exit;
use super::{guard, with_controller};
use crate::controller::{Controller, Lifecycle, StepResult};
use crate::protocol::SupervisorCommand;

/// `WbFieldType`: SF types 1..9, MF types are the SF type | `WB_MF`.
#[repr(C)]
pub enum WbFieldType {
    WB_NO_FIELD = 0x00,
    WB_SF_BOOL = 0x01,
    WB_SF_INT32,
    WB_SF_FLOAT,
    WB_SF_VEC2F,
    WB_SF_VEC3F,
    WB_SF_ROTATION,
    WB_SF_COLOR,
    WB_SF_STRING,
    WB_SF_NODE,
    WB_MF = 0x10,
    WB_MF_BOOL,
    WB_MF_INT32,
    WB_MF_FLOAT,
    WB_MF_VEC2F,
    WB_MF_VEC3F,
    WB_MF_ROTATION,
    WB_MF_COLOR,
    WB_MF_STRING,
    WB_MF_NODE,
}

#[repr(C)]
pub enum WbSimulationMode {
    WB_SUPERVISOR_SIMULATION_MODE_PAUSE = 0,
    WB_SUPERVISOR_SIMULATION_MODE_REAL_TIME,
    WB_SUPERVISOR_SIMULATION_MODE_FAST,
}

/// A `WbFieldType` as it crosses the ABI. Rendered as `WbFieldType`.
pub type WbFieldTypeValue = c_int;
/// A `WbSimulationMode` as it crosses the ABI. Rendered as `WbSimulationMode`.
pub type WbSimulationModeValue = c_int;

pub(crate) const MF: i32 = 0x10;
pub(crate) const SF_BOOL: i32 = 1;
pub(crate) const SF_INT32: i32 = 2;
pub(crate) const SF_FLOAT: i32 = 3;
pub(crate) const SF_VEC2F: i32 = 4;
pub(crate) const SF_VEC3F: i32 = 5;
pub(crate) const SF_ROTATION: i32 = 6;
pub(crate) const SF_COLOR: i32 = 7;
pub(crate) const SF_STRING: i32 = 8;
pub(crate) const SF_NODE: i32 = 9;

/// Returned by position, orientation and pose getters when there is nothing to return.
pub(crate) static NAN_VECTOR: [f64; 16] = [f64::NAN; 16];

pub(crate) fn type_name(code: i32) -> &'static CStr {
    match code {
        1 => c"SFBool",
        2 => c"SFInt32",
        3 => c"SFFloat",
        4 => c"SFVec2f",
        5 => c"SFVec3f",
        6 => c"SFRotation",
        7 => c"SFColor",
        8 => c"SFString",
        9 => c"SFNode",
        0x11 => c"MFBool",
        0x12 => c"MFInt32",
        0x13 => c"MFFloat",
        0x14 => c"MFVec2f",
        0x15 => c"MFVec3f",
        0x16 => c"MFRotation",
        0x17 => c"MFColor",
        0x18 => c"MFString",
        0x19 => c"MFNode",
        _ => c"",
    }
}

/// Webots stays quiet about invalid nodes and fields once the run is ending.
pub(crate) fn quitting(c: &Controller) -> bool {
    c.lifecycle == Lifecycle::QuitReturned
}

/// A supervisor function: guard, controller, then the supervisor check with Webots' two lines.
pub(crate) fn supervisor_call<R: Clone>(func: &str, fallback: R, body: impl FnOnce(&mut Controller) -> R) -> R {
    guard(func, fallback.clone(), || {
        with_controller(func, fallback.clone(), |c| {
            if !c.supervisor {
                eprintln!("Error: ignoring illegal call to {func}() in a 'Robot' controller.");
                eprintln!("Error: this function can only be used in a 'Supervisor' controller.");
                return fallback;
            }
            body(c)
        })
    })
}

/// Runs an immediate command; the process leaves if the run had already ended.
pub(crate) fn flush(c: &mut Controller, func: &str, cmd: SupervisorCommand) -> bool {
    matches!(c.flush(func, cmd), StepResult::ExitNow)
}

pub(crate) fn exit_if(leave: bool) {
    if leave {
        cleanup_and_exit();
    }
}
