//! `receiver.h`: the queue of packets received by radio, serial link or infra-red.

use std::ffi::{c_double, c_int, c_void};

use super::device_call;
use super::emitter::report_channel_error;
use super::types::WbDeviceTag;
use crate::controller::receiver::ReceiverState;
use crate::controller::DeviceState;

/// Channel value that listens to every channel.
pub const WB_CHANNEL_BROADCAST: c_int = -1;

fn receiver(d: &mut DeviceState) -> Option<&mut ReceiverState> {
    match d {
        DeviceState::Receiver(r) => Some(r),
        _ => None,
    }
}

/// Starts (or with 0 stops) sampling every `sampling_period` ms.
#[no_mangle]
pub extern "C" fn wb_receiver_enable(tag: WbDeviceTag, sampling_period: c_int) {
    let func = "wb_receiver_enable";
    if sampling_period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    device_call(func, tag, (), receiver, |r| r.enable(sampling_period))
}

/// Stops sampling; the queue keeps its packets.
#[no_mangle]
pub extern "C" fn wb_receiver_disable(tag: WbDeviceTag) {
    device_call("wb_receiver_disable", tag, (), receiver, |r| r.enable(0))
}

/// The sampling period in ms (0: disabled).
#[no_mangle]
pub extern "C" fn wb_receiver_get_sampling_period(tag: WbDeviceTag) -> c_int {
    device_call("wb_receiver_get_sampling_period", tag, 0, receiver, |r| r.sampling_period)
}

/// Listens on `channel` from the next step on.
#[no_mangle]
pub extern "C" fn wb_receiver_set_channel(tag: WbDeviceTag, channel: c_int) {
    let func = "wb_receiver_set_channel";
    if channel < -1 {
        report_channel_error(func, channel, Err(crate::controller::emitter::ChannelError::BelowBroadcast));
        return;
    }
    device_call(func, tag, (), receiver, |r| report_channel_error(func, channel, r.set_channel(channel)))
}

/// The channel listened to.
#[no_mangle]
pub extern "C" fn wb_receiver_get_channel(tag: WbDeviceTag) -> c_int {
    device_call("wb_receiver_get_channel", tag, -1, receiver, |r| r.channel)
}

/// Number of packets waiting in the queue.
#[no_mangle]
pub extern "C" fn wb_receiver_get_queue_length(tag: WbDeviceTag) -> c_int {
    let func = "wb_receiver_get_queue_length";
    device_call(func, tag, -1, receiver, |r| {
        if r.sampling_period <= 0 {
            eprintln!("Error: {func}() called for a disabled device! Please use: wb_receiver_enable().");
        }
        r.queue_length() as c_int
    })
}

/// Drops the head packet (nothing happens on an empty queue).
#[no_mangle]
pub extern "C" fn wb_receiver_next_packet(tag: WbDeviceTag) {
    device_call("wb_receiver_next_packet", tag, (), receiver, |r| r.next_packet())
}

/// Runs `read` on the head packet, or prints the empty-queue error and returns `empty`.
fn head<R: Clone>(
    func: &str,
    tag: WbDeviceTag,
    empty: R,
    read: impl FnOnce(&mut crate::controller::receiver::QueuedPacket) -> R,
) -> R {
    device_call(func, tag, empty.clone(), receiver, |r| match r.head() {
        Some(p) => read(p),
        None => {
            eprintln!("Error: {func}(): the receiver queue is empty.");
            empty
        }
    })
}

/// Size in bytes of the head packet.
#[no_mangle]
pub extern "C" fn wb_receiver_get_data_size(tag: WbDeviceTag) -> c_int {
    head("wb_receiver_get_data_size", tag, -1, |p| p.data.len() as c_int)
}

/// The head packet's bytes, valid until `wb_receiver_next_packet`.
#[no_mangle]
pub extern "C" fn wb_receiver_get_data(tag: WbDeviceTag) -> *const c_void {
    head("wb_receiver_get_data", tag, std::ptr::null(), |p| p.data.as_ptr() as *const c_void)
}

/// Signal strength of the head packet (1 / distance²).
#[no_mangle]
pub extern "C" fn wb_receiver_get_signal_strength(tag: WbDeviceTag) -> c_double {
    head("wb_receiver_get_signal_strength", tag, f64::NAN, |p| p.measured().1)
}

/// Unit vector towards the head packet's emitter in the receiver's frame (3 doubles), valid until
/// `wb_receiver_next_packet`.
#[no_mangle]
pub extern "C" fn wb_receiver_get_emitter_direction(tag: WbDeviceTag) -> *const c_double {
    head("wb_receiver_get_emitter_direction", tag, std::ptr::null(), |p| p.measured().0.as_ptr())
}
