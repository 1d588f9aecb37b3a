//! Quitting, resetting and pacing the simulation.

use std::ffi::c_int;

use super::{exit_if, flush, supervisor_call};
use crate::capi::{guard, with_controller};
use crate::protocol::SupervisorCommand;
use crate::world::sim::{MODE_FAST, MODE_PAUSE};

use super::WbSimulationModeValue;

/// Ends the run: every controller's next step returns -1, and the runner exits with `status`.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_quit(status: c_int) {
    let func = "wb_supervisor_simulation_quit";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::Quit(status))));
}

/// Brings the world back to its loaded state at the end of this step (time 0, fields and poses as
/// loaded, device queues emptied); controllers keep running.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_reset() {
    let func = "wb_supervisor_simulation_reset";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::Reset)));
}

/// The simulation mode, as last configured or set.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_get_mode() -> WbSimulationModeValue {
    let func = "wb_supervisor_simulation_get_mode";
    guard(func, -1, || with_controller(func, -1, |c| c.simulation_mode))
}

/// Pause (which ends a headless run: nothing could resume it), real time, or as fast as possible.
/// Any other value is refused with an error and changes nothing.
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_set_mode(mode: WbSimulationModeValue) {
    let func = "wb_supervisor_simulation_set_mode";
    exit_if(supervisor_call(func, false, |c| {
        if !(MODE_PAUSE..=MODE_FAST).contains(&mode) {
            eprintln!("Error: {func}() cannot set mode to {mode}.");
            return false;
        }
        c.simulation_mode = mode;
        flush(c, func, SupervisorCommand::SetMode(mode))
    }));
}
