//! `brake.h`: extra damping on a joint axis.

use std::ffi::c_double;

use once_cell::sync::Lazy;

use super::position_sensor::number_tag;
use super::sensor_call;
use super::types::{WbDeviceTag, WbJointTypeValue};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};
use crate::protocol::Command;

static BRAKE: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("Brake"));

/// Adds `damping_constant` (N·m·s/rad or N·s/m) to the joint axis' own damping from the next step.
#[no_mangle]
pub extern "C" fn wb_brake_set_damping_constant(tag: WbDeviceTag, damping_constant: c_double) {
    let func = "wb_brake_set_damping_constant";
    if damping_constant.is_nan() {
        eprintln!("Error: {func}() called with an invalid 'damping_constant' argument (NaN).");
        return;
    }
    sensor_call(func, tag, *BRAKE, (), |s| s.queue(Command::BrakeDamping(damping_constant)))
}

/// `WB_ROTATIONAL` or `WB_LINEAR`, as its joint moves.
#[no_mangle]
pub extern "C" fn wb_brake_get_type(tag: WbDeviceTag) -> WbJointTypeValue {
    sensor_call("wb_brake_get_type", tag, *BRAKE, 0, |s| s.setup.kind)
}

/// The motor on the same joint axis, 0 when there is none.
#[no_mangle]
pub extern "C" fn wb_brake_get_motor(tag: WbDeviceTag) -> WbDeviceTag {
    sensor_call("wb_brake_get_motor", tag, *BRAKE, 0, |s| number_tag(&s.setup.numbers, 0))
}

/// The PositionSensor on the same joint axis, 0 when there is none.
#[no_mangle]
pub extern "C" fn wb_brake_get_position_sensor(tag: WbDeviceTag) -> WbDeviceTag {
    sensor_call("wb_brake_get_position_sensor", tag, *BRAKE, 0, |s| number_tag(&s.setup.numbers, 1))
}
