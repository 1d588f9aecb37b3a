//! `connector.h`: docking presence and the latch of a Connector.

use std::ffi::c_int;

use super::device_call;
use super::types::{WbBool, WbDeviceTag};
use crate::controller::connector::ConnectorState;
use crate::controller::DeviceState;

fn connector(d: &mut DeviceState) -> Option<&mut ConnectorState> {
    match d {
        DeviceState::Connector(c) => Some(c),
        _ => None,
    }
}

/// Samples the presence every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_connector_enable_presence(tag: WbDeviceTag, sampling_period: c_int) {
    let func = "wb_connector_enable_presence";
    if sampling_period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    device_call(func, tag, (), connector, |c| c.enable(sampling_period))
}

/// Stops sampling the presence; the last value stays readable.
#[no_mangle]
pub extern "C" fn wb_connector_disable_presence(tag: WbDeviceTag) {
    device_call("wb_connector_disable_presence", tag, (), connector, |c| c.enable(0))
}

/// The presence sampling period in ms (0: disabled).
#[no_mangle]
pub extern "C" fn wb_connector_get_presence_sampling_period(tag: WbDeviceTag) -> c_int {
    device_call("wb_connector_get_presence_sampling_period", tag, 0, connector, |c| c.sampling_period)
}

/// 1 when a compatible peer is in docking position (or linked), 0 when not, -1 for a passive connector;
/// 0 before the first sample.
#[no_mangle]
pub extern "C" fn wb_connector_get_presence(tag: WbDeviceTag) -> c_int {
    let func = "wb_connector_get_presence";
    device_call(func, tag, -1, connector, |c| {
        if c.sampling_period <= 0 {
            eprintln!("Error: {func}() called for a disabled device! Please use: wb_connector_enable_presence().");
        }
        c.presence
    })
}

/// Closes the latch; the world links to a present peer at the next step.
#[no_mangle]
pub extern "C" fn wb_connector_lock(tag: WbDeviceTag) {
    device_call("wb_connector_lock", tag, (), connector, |c| c.latch(true))
}

/// Opens the latch; the world detaches at the next step when the unlock rules allow it.
#[no_mangle]
pub extern "C" fn wb_connector_unlock(tag: WbDeviceTag) {
    device_call("wb_connector_unlock", tag, (), connector, |c| c.latch(false))
}

/// The latch as this controller last set or heard of it (not whether a link exists).
#[no_mangle]
pub extern "C" fn wb_connector_is_locked(tag: WbDeviceTag) -> WbBool {
    device_call("wb_connector_is_locked", tag, 0, connector, |c| WbBool::from(c.is_locked))
}
