//! `inertial_unit.h`: the device's orientation, as a quaternion or as roll, pitch and yaw in the
//! world's coordinate system.

use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;
use parking_lot::Mutex;

use super::types::WbDeviceTag;
use super::{sensor_call, sensor_enable, sensor_read};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};

static INERTIAL_UNIT: Lazy<NodeTypeCode> = Lazy::new(|| node_type_from_name("InertialUnit"));

/// `SensorSetup::kind` of a unit in a NUE world (see the world's inertial_unit.rs).
const NUE: i32 = 1;

/// Samples every `sampling_period` ms (0 stops).
#[no_mangle]
pub extern "C" fn wb_inertial_unit_enable(tag: WbDeviceTag, sampling_period: c_int) {
    sensor_enable("wb_inertial_unit_enable", tag, *INERTIAL_UNIT, sampling_period)
}

#[no_mangle]
pub extern "C" fn wb_inertial_unit_disable(tag: WbDeviceTag) {
    sensor_enable("wb_inertial_unit_disable", tag, *INERTIAL_UNIT, 0)
}

#[no_mangle]
pub extern "C" fn wb_inertial_unit_get_sampling_period(tag: WbDeviceTag) -> c_int {
    sensor_call("wb_inertial_unit_get_sampling_period", tag, *INERTIAL_UNIT, 0, |s| s.sampling_period)
}

/// The `noise` field.
#[no_mangle]
pub extern "C" fn wb_inertial_unit_get_noise(tag: WbDeviceTag) -> c_double {
    sensor_call("wb_inertial_unit_get_noise", tag, *INERTIAL_UNIT, 0.0, |s| {
        s.setup.numbers.first().copied().unwrap_or(0.0)
    })
}

/// What `wb_inertial_unit_get_roll_pitch_yaw` returns: as in Webots, one array for every unit, which
/// each call overwrites (and a call with a bad tag returns unchanged).
static ROLL_PITCH_YAW: Mutex<[f64; 3]> = Mutex::new([0.0; 3]);

/// Roll, pitch and yaw (rad) of the last sample, valid until the next call; NaN before the first.
#[no_mangle]
pub extern "C" fn wb_inertial_unit_get_roll_pitch_yaw(tag: WbDeviceTag) -> *const c_double {
    let func = "wb_inertial_unit_get_roll_pitch_yaw";
    // the array lives as long as the process: its address stays valid once the lock is released
    let shared = ROLL_PITCH_YAW.lock().as_ptr();
    sensor_read(func, "wb_inertial_unit_enable", tag, *INERTIAL_UNIT, shared, |s| {
        let q = [s.values[0], s.values[1], s.values[2], s.values[3]];
        *ROLL_PITCH_YAW.lock() = roll_pitch_yaw(q, s.setup.kind == NUE);
        shared
    })
}

/// x, y, z, w of the last sample, valid until the next step; NaN before the first.
#[no_mangle]
pub extern "C" fn wb_inertial_unit_get_quaternion(tag: WbDeviceTag) -> *const c_double {
    let func = "wb_inertial_unit_get_quaternion";
    sensor_read(func, "wb_inertial_unit_enable", tag, *INERTIAL_UNIT, ptr::null(), |s| s.values.as_ptr())
}

/// Roll, pitch and yaw of quaternion (x, y, z, w): about x, y, z (yaw about the up axis z) in ENU
/// worlds; in NUE worlds yaw about y, pitch about z, roll about x, as Webots' older worlds have them.
pub(crate) fn roll_pitch_yaw([x, y, z, w]: [f64; 4], nue: bool) -> [f64; 3] {
    if nue {
        let yaw = (2.0 * y * w - 2.0 * x * z).atan2(1.0 - 2.0 * y * y - 2.0 * z * z);
        let roll = (2.0 * x * w - 2.0 * y * z).atan2(1.0 - 2.0 * x * x - 2.0 * z * z);
        let pitch = (2.0 * x * y + 2.0 * z * w).asin();
        [roll, pitch, yaw]
    } else {
        let roll = (2.0 * (w * x + y * z)).atan2(1.0 - 2.0 * (x * x + y * y));
        let pitch = (2.0 * (w * y - z * x)).clamp(-1.0, 1.0).asin();
        let yaw = (2.0 * (w * z + x * y)).atan2(1.0 - 2.0 * (y * y + z * z));
        [roll, pitch, yaw]
    }
}

#[cfg(test)]
mod tests {
    use super::roll_pitch_yaw;

    /// (x, y, z, w) of a rotation by `angle` about a unit axis.
    fn q(axis: [f64; 3], angle: f64) -> [f64; 4] {
        let s = (angle / 2.0).sin();
        [axis[0] * s, axis[1] * s, axis[2] * s, (angle / 2.0).cos()]
    }

    fn close(a: [f64; 3], b: [f64; 3]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn enu_angles_are_about_x_y_z() {
        assert!(close(roll_pitch_yaw(q([1.0, 0.0, 0.0], 0.3), false), [0.3, 0.0, 0.0]));
        assert!(close(roll_pitch_yaw(q([0.0, 1.0, 0.0], -0.4), false), [0.0, -0.4, 0.0]));
        assert!(close(roll_pitch_yaw(q([0.0, 0.0, 1.0], 2.5), false), [0.0, 0.0, 2.5]));
    }

    #[test]
    // Webots' test writes these angles as 4-digit decimals
    #[allow(clippy::approx_constant)]
    fn nue_angles_follow_webots_old_axes() {
        // Webots' test: (0 1 0 -1.5708) → yaw -1.5708; (1 0 0 1.5708) → roll; (0 0 1 0.7854) → pitch
        assert!(close(roll_pitch_yaw(q([0.0, 1.0, 0.0], -1.5708), true), [0.0, 0.0, -1.5708]));
        assert!(close(roll_pitch_yaw(q([1.0, 0.0, 0.0], 1.5708), true), [1.5708, 0.0, 0.0]));
        assert!(close(roll_pitch_yaw(q([0.0, 0.0, 1.0], 0.7854), true), [0.0, 0.7854, 0.0]));
    }
}
