//! `motor.h`: RotationalMotor and LinearMotor. Setters keep their value for the getters and send it with
//! the next step; a coupled motor's siblings see the value in their caches at once (multiplied by their
//! own multiplier), as the world relays it to them. The torque functions are the force ones under
//! another name: past the tag check they print the force function's errors, as Webots' do.

use std::ffi::{c_double, c_int};

use super::types::{WbDeviceTag, WbJointTypeValue};
use super::{device_call, guard, with_controller};
use crate::c_format::g;
use crate::controller::motor::MotorState;
use crate::controller::{Controller, DeviceState};

fn motor(d: &mut DeviceState) -> Option<&mut MotorState> {
    match d {
        DeviceState::Motor(m) => Some(m),
        _ => None,
    }
}

fn motor_get<R: Clone>(func: &str, tag: WbDeviceTag, fallback: R, read: impl FnOnce(&MotorState) -> R) -> R {
    device_call(func, tag, fallback, motor, |m| read(m))
}

/// Whether `tag` is a motor, printing the alias' own invalid-tag errors when it is not.
fn is_motor(func: &str, tag: WbDeviceTag) -> bool {
    device_call(func, tag, false, motor, |_| true)
}

/// Runs `set` on the motor and, when it accepts the value, `mirror` on each of its coupled siblings'
/// caches with their multiplier.
fn set_coupled(
    func: &str,
    tag: WbDeviceTag,
    set: impl FnOnce(&mut MotorState) -> bool,
    mirror: impl Fn(&mut MotorState, f64),
) {
    guard(func, (), || {
        with_controller(func, (), |c: &mut Controller| {
            let siblings = match c.device_state(tag).and_then(motor) {
                Some(m) => {
                    if !set(m) {
                        return;
                    }
                    m.siblings.clone()
                }
                None => {
                    if (tag as usize) >= c.devices.len() {
                        eprintln!("Error: device with tag={tag} not found.");
                    }
                    eprintln!("Error: {func}(): invalid device tag.");
                    return;
                }
            };
            for (sibling, multiplier) in siblings {
                match c.device_state(sibling).and_then(motor) {
                    Some(s) => mirror(s, multiplier),
                    None => eprintln!("Error: wb_motor_set_position_no_mutex(): invalid sibling in coupling."),
                }
            }
        })
    })
}

/// The joint position to reach (`INFINITY` or `-INFINITY`: velocity control at the set velocity).
#[no_mangle]
pub extern "C" fn wb_motor_set_position(tag: WbDeviceTag, position: c_double) {
    let func = "wb_motor_set_position";
    if position.is_nan() {
        eprintln!("Error: {func}() called with an invalid 'position' argument (NaN).");
        return;
    }
    set_coupled(
        func,
        tag,
        |m| {
            m.set_position(position);
            true
        },
        |s, k| s.target_position = if position.is_infinite() { position } else { position * k },
    )
}

/// The speed limit of position control, or the velocity of velocity control (negative only then).
#[no_mangle]
pub extern "C" fn wb_motor_set_velocity(tag: WbDeviceTag, velocity: c_double) {
    let func = "wb_motor_set_velocity";
    if velocity.is_nan() {
        eprintln!("Error: {func}() called with an invalid 'velocity' argument.(NaN)");
        return;
    }
    set_coupled(
        func,
        tag,
        |m| {
            if velocity < 0.0 && m.target_position.is_finite() {
                eprintln!(
                    "Error: {func}() called with negative 'velocity' argument in position control mode ({}).",
                    g(m.target_position)
                );
                return false;
            }
            m.set_velocity(velocity);
            true
        },
        |s, k| s.velocity = velocity * k,
    )
}

/// The acceleration limit (-1: none).
#[no_mangle]
pub extern "C" fn wb_motor_set_acceleration(tag: WbDeviceTag, acceleration: c_double) {
    let func = "wb_motor_set_acceleration";
    if acceleration < 0.0 && acceleration != -1.0 {
        eprintln!("Error: {func}() called with negative 'acceleration' argument.");
        return;
    }
    if acceleration.is_nan() {
        eprintln!("Error: {func}() called with an invalid 'acceleration' argument (NaN).");
        return;
    }
    device_call(func, tag, (), motor, |m| m.set_acceleration(acceleration))
}

/// Force control: this force (or torque) from the next step until the next `set_position`.
#[no_mangle]
pub extern "C" fn wb_motor_set_force(tag: WbDeviceTag, force: c_double) {
    let func = "wb_motor_set_force";
    if force.is_nan() {
        eprintln!("Error: {func}() called with an invalid 'force' argument (NaN).");
        return;
    }
    set_coupled(
        func,
        tag,
        |m| {
            m.set_force(force);
            true
        },
        |s, k| s.force = force * k,
    )
}

#[no_mangle]
pub extern "C" fn wb_motor_set_torque(tag: WbDeviceTag, torque: c_double) {
    if is_motor("wb_motor_set_torque", tag) {
        wb_motor_set_force(tag, torque)
    }
}

/// The force (or torque) the motor may use, at most `maxForce`/`maxTorque`.
#[no_mangle]
pub extern "C" fn wb_motor_set_available_force(tag: WbDeviceTag, force: c_double) {
    let func = "wb_motor_set_available_force";
    if force.is_nan() {
        eprintln!("Error: {func}() called with an invalid 'force' argument (NaN).");
        return;
    }
    if force < 0.0 {
        eprintln!("Error: {func}() called with negative 'force' argument.");
        return;
    }
    device_call(func, tag, (), motor, |m| m.set_available_force(force))
}

#[no_mangle]
pub extern "C" fn wb_motor_set_available_torque(tag: WbDeviceTag, torque: c_double) {
    if is_motor("wb_motor_set_available_torque", tag) {
        wb_motor_set_available_force(tag, torque)
    }
}

/// The position controller's gains (P > 0, I and D ≥ 0); the controller's integral starts over.
#[no_mangle]
pub extern "C" fn wb_motor_set_control_pid(tag: WbDeviceTag, p: c_double, i: c_double, d: c_double) {
    let func = "wb_motor_set_control_pid";
    if p <= 0.0 {
        eprintln!("Error: {func}() called with negative or zero 'p' argument.");
        return;
    }
    if i < 0.0 {
        eprintln!("Error: {func}() called with negative 'i' argument.");
        return;
    }
    if d < 0.0 {
        eprintln!("Error: {func}() called with negative 'd' argument.");
        return;
    }
    device_call(func, tag, (), motor, |m| m.set_pid([p, i, d]))
}

/// Samples the force (or torque) the joint transmits along its axis every `sampling_period` ms.
#[no_mangle]
pub extern "C" fn wb_motor_enable_force_feedback(tag: WbDeviceTag, sampling_period: c_int) {
    let func = "wb_motor_enable_force_feedback";
    if sampling_period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    device_call(func, tag, (), motor, |m| m.enable_feedback(sampling_period))
}

#[no_mangle]
pub extern "C" fn wb_motor_disable_force_feedback(tag: WbDeviceTag) {
    if is_motor("wb_motor_disable_force_feedback", tag) {
        wb_motor_enable_force_feedback(tag, 0)
    }
}

#[no_mangle]
pub extern "C" fn wb_motor_get_force_feedback_sampling_period(tag: WbDeviceTag) -> c_int {
    motor_get("wb_motor_get_force_feedback_sampling_period", tag, 0, |m| m.feedback_period)
}

/// The last sample; NaN before the first one.
#[no_mangle]
pub extern "C" fn wb_motor_get_force_feedback(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_force_feedback", tag, f64::NAN, |m| m.feedback)
}

#[no_mangle]
pub extern "C" fn wb_motor_enable_torque_feedback(tag: WbDeviceTag, sampling_period: c_int) {
    if is_motor("wb_motor_enable_torque_feedback", tag) {
        wb_motor_enable_force_feedback(tag, sampling_period)
    }
}

#[no_mangle]
pub extern "C" fn wb_motor_disable_torque_feedback(tag: WbDeviceTag) {
    if is_motor("wb_motor_disable_torque_feedback", tag) {
        wb_motor_disable_force_feedback(tag)
    }
}

#[no_mangle]
pub extern "C" fn wb_motor_get_torque_feedback_sampling_period(tag: WbDeviceTag) -> c_int {
    if is_motor("wb_motor_get_torque_feedback_sampling_period", tag) {
        wb_motor_get_force_feedback_sampling_period(tag)
    } else {
        0
    }
}

#[no_mangle]
pub extern "C" fn wb_motor_get_torque_feedback(tag: WbDeviceTag) -> c_double {
    if is_motor("wb_motor_get_torque_feedback", tag) {
        wb_motor_get_force_feedback(tag)
    } else {
        f64::NAN
    }
}

/// `WB_ROTATIONAL` or `WB_LINEAR`.
#[no_mangle]
pub extern "C" fn wb_motor_get_type(tag: WbDeviceTag) -> WbJointTypeValue {
    motor_get("wb_motor_get_type", tag, 0, |m| m.kind)
}

/// The last position set, or the world's (multiplied, clamped) target once it has configured the motor
/// again.
#[no_mangle]
pub extern "C" fn wb_motor_get_target_position(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_target_position", tag, f64::NAN, |m| m.target_position)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_min_position(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_min_position", tag, f64::NAN, |m| m.min_position)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_max_position(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_max_position", tag, f64::NAN, |m| m.max_position)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_velocity(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_velocity", tag, f64::NAN, |m| m.velocity)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_max_velocity(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_max_velocity", tag, f64::NAN, |m| m.max_velocity)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_acceleration(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_acceleration", tag, f64::NAN, |m| m.acceleration)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_available_force(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_available_force", tag, f64::NAN, |m| m.available_force)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_max_force(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_max_force", tag, f64::NAN, |m| m.max_force)
}

#[no_mangle]
pub extern "C" fn wb_motor_get_available_torque(tag: WbDeviceTag) -> c_double {
    if is_motor("wb_motor_get_available_torque", tag) {
        wb_motor_get_available_force(tag)
    } else {
        f64::NAN
    }
}

#[no_mangle]
pub extern "C" fn wb_motor_get_max_torque(tag: WbDeviceTag) -> c_double {
    if is_motor("wb_motor_get_max_torque", tag) {
        wb_motor_get_max_force(tag)
    } else {
        f64::NAN
    }
}

#[no_mangle]
pub extern "C" fn wb_motor_get_multiplier(tag: WbDeviceTag) -> c_double {
    motor_get("wb_motor_get_multiplier", tag, f64::NAN, |m| m.multiplier)
}

/// The Brake on the same joint axis, 0 when there is none.
#[no_mangle]
pub extern "C" fn wb_motor_get_brake(tag: WbDeviceTag) -> WbDeviceTag {
    motor_get("wb_motor_get_brake", tag, 0, |m| m.brake)
}

/// The PositionSensor on the same joint axis, 0 when there is none.
#[no_mangle]
pub extern "C" fn wb_motor_get_position_sensor(tag: WbDeviceTag) -> WbDeviceTag {
    motor_get("wb_motor_get_position_sensor", tag, 0, |m| m.position_sensor)
}
