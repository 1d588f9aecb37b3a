//! `led.h`: a light a controller switches.

use std::ffi::c_int;

use super::device_call;
use super::types::WbDeviceTag;
use crate::controller::led::LedState;
use crate::controller::DeviceState;

fn led(d: &mut DeviceState) -> Option<&mut LedState> {
    match d {
        DeviceState::Led(l) => Some(l),
        _ => None,
    }
}

/// 0 switches it off; 1..n lights colour n of its list, or for a gradual LED the intensity (one colour)
/// or the 0xRRGGBB colour (none). Takes effect with the next step.
#[no_mangle]
pub extern "C" fn wb_led_set(tag: WbDeviceTag, value: c_int) {
    device_call("wb_led_set", tag, (), led, |l| l.set(value))
}

/// The value this controller last set (0 at first).
#[no_mangle]
pub extern "C" fn wb_led_get(tag: WbDeviceTag) -> c_int {
    device_call("wb_led_get", tag, 0, led, |l| l.value)
}
