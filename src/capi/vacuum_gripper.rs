//! `vacuum_gripper.h`: a suction gripper's pump and whether it holds a Solid.

use std::ffi::c_int;

use super::local_call;
use super::types::{WbBool, WbDeviceTag};
use crate::controller::vacuum::VacuumState;

fn gripper<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut VacuumState) -> R) -> R {
    local_call(func, tag, fallback, body)
}

/// Samples the presence every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_enable_presence(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_vacuum_gripper_enable_presence() called with negative sampling period.");
        return;
    }
    gripper("wb_vacuum_gripper_enable_presence", tag, (), |g| g.period.set(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_disable_presence(tag: WbDeviceTag) {
    gripper("wb_vacuum_gripper_disable_presence", tag, (), |g| g.period.set(0))
}

#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_get_presence_sampling_period(tag: WbDeviceTag) -> c_int {
    gripper("wb_vacuum_gripper_get_presence_sampling_period", tag, 0, |g| g.period.ms)
}

/// Whether a Solid was held at the last presence sample.
#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_get_presence(tag: WbDeviceTag) -> WbBool {
    gripper("wb_vacuum_gripper_get_presence", tag, 0, |g| {
        if g.period.ms <= 0 {
            eprintln!("Error: wb_vacuum_gripper_get_presence() called for a disabled device! Please use: wb_vacuum_gripper_enable_presence().");
        }
        WbBool::from(g.presence)
    })
}

#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_turn_on(tag: WbDeviceTag) {
    gripper("wb_vacuum_gripper_turn_on", tag, (), |g| g.turn(true))
}

#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_turn_off(tag: WbDeviceTag) {
    gripper("wb_vacuum_gripper_turn_off", tag, (), |g| g.turn(false))
}

#[no_mangle]
pub extern "C" fn wb_vacuum_gripper_is_on(tag: WbDeviceTag) -> WbBool {
    gripper("wb_vacuum_gripper_is_on", tag, 0, |g| WbBool::from(g.on))
}
