//! `microphone.h`: a microphone hears nothing headless: its samples are empty.

use std::ffi::{c_int, c_void};
use std::ptr;

use super::local_call;
use super::types::WbDeviceTag;
use crate::controller::media::MicrophoneState;

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_microphone_enable(tag: WbDeviceTag, sampling_period: c_int) {
    if sampling_period < 0 {
        eprintln!("Error: wb_microphone_enable() called with negative sampling period.");
        return;
    }
    local_call("wb_microphone_enable", tag, (), |m: &mut MicrophoneState| m.period.set(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_microphone_disable(tag: WbDeviceTag) {
    local_call("wb_microphone_disable", tag, (), |m: &mut MicrophoneState| m.period.set(0))
}

#[no_mangle]
pub extern "C" fn wb_microphone_get_sampling_period(tag: WbDeviceTag) -> c_int {
    local_call("wb_microphone_get_sampling_period", tag, 0, |m: &mut MicrophoneState| m.period.ms)
}

/// The last sample's data: none (silence), NULL.
#[no_mangle]
pub extern "C" fn wb_microphone_get_sample_data(tag: WbDeviceTag) -> *const c_void {
    local_call("wb_microphone_get_sample_data", tag, ptr::null(), |m: &mut MicrophoneState| {
        if m.period.ms <= 0 {
            eprintln!("Error: wb_microphone_get_sample_data() called for a disabled device! Please use: wb_microphone_enable().");
        }
        if m.sample.is_empty() {
            ptr::null()
        } else {
            m.sample.as_ptr().cast()
        }
    })
}

/// The last sample's size in bytes: 0 (silence).
#[no_mangle]
pub extern "C" fn wb_microphone_get_sample_size(tag: WbDeviceTag) -> c_int {
    local_call("wb_microphone_get_sample_size", tag, -1, |m: &mut MicrophoneState| {
        if m.period.ms <= 0 {
            eprintln!("Error: wb_microphone_get_sample_size() called for a disabled device! Please use: wb_microphone_enable().");
        }
        m.sample.len() as c_int
    })
}
