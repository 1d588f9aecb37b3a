//! `emitter.h`: sending packets by radio, serial link or infra-red.

use std::ffi::{c_double, c_int, c_void};

use super::device_call;
use super::types::WbDeviceTag;
use crate::controller::emitter::{ChannelError, EmitterState};
use crate::controller::DeviceState;
use crate::protocol::codec::MAX_PACKET;

/// Channel value that reaches every channel.
pub const WB_CHANNEL_BROADCAST: c_int = -1;

fn emitter(d: &mut DeviceState) -> Option<&mut EmitterState> {
    match d {
        DeviceState::Emitter(e) => Some(e),
        _ => None,
    }
}

/// Queues `size` bytes of `data` for the next step, with the current channel and range. Returns 1, or
/// 0 when the emitter's buffer is full (or on an error, such as a packet larger than a step carries).
///
/// # Safety
/// `data` is NULL or points to `size` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn wb_emitter_send(tag: WbDeviceTag, data: *const c_void, size: c_int) -> c_int {
    let func = "wb_emitter_send";
    if data.is_null() {
        eprintln!("Error: {func}(): invalid argument: data = NULL.");
        return 0;
    }
    if size < 1 {
        eprintln!("Error: {func}(): invalid size={size} argument.");
        return 0;
    }
    if size as u64 > MAX_PACKET {
        eprintln!("Error: {func}(): a packet of {size} bytes is more than the {MAX_PACKET} bytes a webots-shim run carries in one step.");
        return 0;
    }
    // SAFETY: non-NULL, and the caller promises `size` readable bytes.
    let bytes = unsafe { std::slice::from_raw_parts(data as *const u8, size as usize) };
    device_call(func, tag, 0, emitter, |e| c_int::from(e.send(bytes)))
}

/// The emitter's buffer size in bytes (-1: unlimited).
#[no_mangle]
pub extern "C" fn wb_emitter_get_buffer_size(tag: WbDeviceTag) -> c_int {
    device_call("wb_emitter_get_buffer_size", tag, -1, emitter, |e| e.buffer_size)
}

/// Sets the channel of the packets sent from now on.
#[no_mangle]
pub extern "C" fn wb_emitter_set_channel(tag: WbDeviceTag, channel: c_int) {
    let func = "wb_emitter_set_channel";
    device_call(func, tag, (), emitter, |e| report_channel_error(func, channel, e.set_channel(channel)))
}

/// Prints Webots' message for a refused channel (shared with the receiver).
pub(crate) fn report_channel_error(func: &str, channel: c_int, result: Result<(), ChannelError>) {
    match result {
        Ok(()) => {}
        Err(ChannelError::BelowBroadcast) => eprintln!(
            "Error: {func}() called with an invalid channel={channel}. Please use a channel inside the range [-1,inf)."
        ),
        Err(ChannelError::NotAllowed) => eprintln!(
            "Error: {func}() called with channel={channel}, which is not between allowed channels. Please use an allowed channel."
        ),
    }
}

/// The channel packets are sent on.
#[no_mangle]
pub extern "C" fn wb_emitter_get_channel(tag: WbDeviceTag) -> c_int {
    device_call("wb_emitter_get_channel", tag, -1, emitter, |e| e.channel)
}

/// The range of the packets sent from now on, in metres (-1: infinite).
#[no_mangle]
pub extern "C" fn wb_emitter_get_range(tag: WbDeviceTag) -> c_double {
    device_call("wb_emitter_get_range", tag, f64::NAN, emitter, |e| e.range)
}

/// Sets the range (-1: `maxRange`); clipped to a finite `maxRange`.
#[no_mangle]
pub extern "C" fn wb_emitter_set_range(tag: WbDeviceTag, range: c_double) {
    let func = "wb_emitter_set_range";
    device_call(func, tag, (), emitter, |e| {
        if range < 0.0 && range != -1.0 {
            eprintln!("Error: {func}(): invalid range={range:.6} argument.");
        } else {
            e.set_range(range);
        }
    })
}
