//! `radio.h`: the experimental Radio node. Its settings are kept and written to the node's fields;
//! as in Webots without a radio plugin (none exists headless), what is sent goes nowhere and the
//! callback is never called.

use std::ffi::{c_char, c_double, c_int, c_void, CString};
use std::ptr;

use super::types::WbDeviceTag;
use super::{c_str_arg, guard, local_call};
use crate::controller::radio::RadioState;
use crate::protocol::RadioSetting;

/// A message to send: `void *` in C.
pub type WbRadioMessage = *mut c_void;
/// A received message, handed to the callback: `void *` in C.
pub type WbRadioEvent = *mut c_void;

/// What a `WbRadioMessage` points to.
struct Message {
    body: Vec<u8>,
    destination: CString,
}

/// What a `WbRadioEvent` points to (none is made headless: nothing is received).
#[allow(dead_code)]
#[repr(C)]
struct Event {
    tag: WbDeviceTag,
    data: *mut c_char,
    data_size: c_int,
    emitter: *mut c_char,
    rssi: c_double,
}

fn radio<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, body: impl FnOnce(&mut RadioState) -> R) -> R {
    local_call(func, tag, fallback, body)
}

/// A message of `length` bytes of `body` for `destination`; free it with `wb_radio_message_delete`
/// (or let `wb_radio_send` take it).
///
/// # Safety
/// `body` is NULL or holds `length` bytes; `destination` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_radio_message_new(
    length: c_int,
    body: *const c_char,
    destination: *const c_char,
) -> WbRadioMessage {
    guard("wb_radio_message_new", ptr::null_mut(), || {
        let n = length.max(0) as usize;
        let body = if body.is_null() {
            vec![0; n]
        } else {
            // SAFETY: as in Webots, `body` holds `length` bytes.
            unsafe { std::slice::from_raw_parts(body.cast::<u8>(), n) }.to_vec()
        };
        // SAFETY: a NUL-terminated string from the caller, or NULL.
        let destination = unsafe { c_str_arg(destination) }.map(|s| s.to_owned()).unwrap_or_default();
        Box::into_raw(Box::new(Message { body, destination })).cast()
    })
}

#[no_mangle]
pub extern "C" fn wb_radio_message_delete(message: WbRadioMessage) {
    if !message.is_null() {
        // SAFETY: a message made by wb_radio_message_new, freed once.
        drop(unsafe { Box::from_raw(message.cast::<Message>()) });
    }
}

fn message<'a>(m: WbRadioMessage) -> Option<&'a Message> {
    // SAFETY: a message made by wb_radio_message_new (or NULL), as Webots requires.
    unsafe { m.cast::<Message>().as_ref() }
}

#[no_mangle]
pub extern "C" fn wb_radio_message_get_destination(message_ref: WbRadioMessage) -> *const c_char {
    message(message_ref).map_or(ptr::null(), |m| m.destination.as_ptr())
}

#[no_mangle]
pub extern "C" fn wb_radio_message_get_length(message_ref: WbRadioMessage) -> c_int {
    message(message_ref).map_or(0, |m| m.body.len() as c_int)
}

#[no_mangle]
pub extern "C" fn wb_radio_message_get_body(message_ref: WbRadioMessage) -> *const c_char {
    message(message_ref).map_or(ptr::null(), |m| m.body.as_ptr().cast())
}

/// Receives every `sampling_period` ms (0 stops); nothing arrives headless.
#[no_mangle]
pub extern "C" fn wb_radio_enable(tag: WbDeviceTag, sampling_period: c_int) {
    radio("wb_radio_enable", tag, (), |r| r.period.set(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_radio_disable(tag: WbDeviceTag) {
    radio("wb_radio_disable", tag, (), |r| r.period.set(0))
}

///
/// # Safety
/// `address` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_radio_set_address(tag: WbDeviceTag, address: *const c_char) {
    // SAFETY: a NUL-terminated string from the caller, or NULL.
    let Some(address) = (unsafe { c_str_arg(address) }) else {
        eprintln!("Error: wb_radio_set_address(): invalid NULL argument.");
        return;
    };
    let address = address.to_string_lossy().into_owned();
    radio("wb_radio_set_address", tag, (), |r| r.set(RadioSetting::Address(address)))
}

#[no_mangle]
pub extern "C" fn wb_radio_get_address(tag: WbDeviceTag) -> *const c_char {
    radio("wb_radio_get_address", tag, ptr::null(), |r| r.address.as_ptr())
}

#[no_mangle]
pub extern "C" fn wb_radio_set_frequency(tag: WbDeviceTag, hz: c_double) {
    if hz <= 0.0 {
        eprintln!("Error: wb_radio_set_frequency(): invalid negative or zero hz argument: {hz:.6}.");
        return;
    }
    radio("wb_radio_set_frequency", tag, (), |r| r.set(RadioSetting::Frequency(hz)))
}

#[no_mangle]
pub extern "C" fn wb_radio_get_frequency(tag: WbDeviceTag) -> c_double {
    radio("wb_radio_get_frequency", tag, f64::NAN, |r| r.setup.frequency)
}

#[no_mangle]
pub extern "C" fn wb_radio_set_channel(tag: WbDeviceTag, channel: c_int) {
    radio("wb_radio_set_channel", tag, (), |r| r.set(RadioSetting::Channel(channel)))
}

#[no_mangle]
pub extern "C" fn wb_radio_get_channel(tag: WbDeviceTag) -> c_int {
    radio("wb_radio_get_channel", tag, -1, |r| r.setup.channel)
}

#[no_mangle]
pub extern "C" fn wb_radio_set_bitrate(tag: WbDeviceTag, bits_per_second: c_int) {
    if bits_per_second <= 0 {
        eprintln!(
            "Error: wb_radio_set_bitrate(): invalid negative or zero bits_per_second argument: {bits_per_second}."
        );
        return;
    }
    radio("wb_radio_set_bitrate", tag, (), |r| r.set(RadioSetting::Bitrate(bits_per_second)))
}

#[no_mangle]
pub extern "C" fn wb_radio_get_bitrate(tag: WbDeviceTag) -> c_int {
    radio("wb_radio_get_bitrate", tag, 0, |r| r.setup.bitrate)
}

#[no_mangle]
pub extern "C" fn wb_radio_set_rx_sensitivity(tag: WbDeviceTag, dbm: c_double) {
    radio("wb_radio_set_rx_sensitivity", tag, (), |r| r.set(RadioSetting::RxSensitivity(dbm)))
}

#[no_mangle]
pub extern "C" fn wb_radio_get_rx_sensitivity(tag: WbDeviceTag) -> c_double {
    radio("wb_radio_get_rx_sensitivity", tag, f64::NAN, |r| r.setup.rx_sensitivity)
}

#[no_mangle]
pub extern "C" fn wb_radio_set_tx_power(tag: WbDeviceTag, dbm: c_double) {
    if dbm <= 0.0 {
        eprintln!("Error: wb_radio_set_tx_power(): invalid negative or zero dBm argument: {dbm:.6}.");
        return;
    }
    radio("wb_radio_set_tx_power", tag, (), |r| r.set(RadioSetting::TxPower(dbm)))
}

#[no_mangle]
pub extern "C" fn wb_radio_get_tx_power(tag: WbDeviceTag) -> c_double {
    radio("wb_radio_get_tx_power", tag, f64::NAN, |r| r.setup.tx_power)
}

/// The function to call with each received message (never called headless).
#[no_mangle]
pub extern "C" fn wb_radio_set_callback(tag: WbDeviceTag, callback: Option<extern "C" fn(WbRadioEvent)>) {
    radio("wb_radio_set_callback", tag, (), |r| r.callback = callback)
}

fn event<'a>(e: WbRadioEvent) -> Option<&'a Event> {
    // SAFETY: an event handed to the callback (or NULL), as Webots requires.
    unsafe { e.cast::<Event>().as_ref() }
}

#[no_mangle]
pub extern "C" fn wb_radio_event_get_radio(e: WbRadioEvent) -> WbDeviceTag {
    event(e).map_or(0, |e| e.tag)
}

#[no_mangle]
pub extern "C" fn wb_radio_event_get_data(e: WbRadioEvent) -> *mut c_char {
    event(e).map_or(ptr::null_mut(), |e| e.data)
}

#[no_mangle]
pub extern "C" fn wb_radio_event_get_data_size(e: WbRadioEvent) -> c_int {
    event(e).map_or(0, |e| e.data_size)
}

#[no_mangle]
pub extern "C" fn wb_radio_event_get_emitter(e: WbRadioEvent) -> *mut c_char {
    event(e).map_or(ptr::null_mut(), |e| e.emitter)
}

#[no_mangle]
pub extern "C" fn wb_radio_event_get_rssi(e: WbRadioEvent) -> c_double {
    event(e).map_or(f64::NAN, |e| e.rssi)
}

/// Sends a message after `delay` seconds (and takes it): with no radio plugin, it goes nowhere.
#[no_mangle]
pub extern "C" fn wb_radio_send(tag: WbDeviceTag, message_ref: WbRadioMessage, delay: c_double) {
    let func = "wb_radio_send";
    if message_ref.is_null() {
        eprintln!("Error: {func}(): invalid NULL argument.");
        return;
    }
    if delay < 0.0 {
        eprintln!("Error: {func}(): invalid negative delay argument: {delay:.6}.");
        return;
    }
    if radio(func, tag, false, |_| true) {
        wb_radio_message_delete(message_ref);
    }
}
