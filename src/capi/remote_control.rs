//! `remote_control.h`: the functions a remote-control library calls to hand the controller the values
//! its real robot measured, and the interface such a library fills. No library is loaded headless (the
//! robot stays in simulation mode, as in Webots without one): a `wbr_*` setter still writes the
//! controller's copy of the value, as Webots' does, until the next sample replaces it.

use std::ffi::{c_char, c_double, c_int, c_uchar, c_void};
use std::ptr;

use super::camera_recognition_object::WbCameraRecognitionObject;
use super::radar_target::WbRadarTarget;
use super::types::{WbBool, WbDeviceTag};
use super::{device_call, guard, local_call, sensor_call, with_controller};
use crate::controller::camera::CameraState;
use crate::controller::display::DisplayState;
use crate::controller::media::MicrophoneState;
use crate::controller::radar::RadarState;
use crate::controller::DeviceState;
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::RecognizedObject;

/// The functions every remote-control library must provide.
#[repr(C)]
pub struct WbrMandatory {
    pub wbr_start: Option<extern "C" fn(*const c_char) -> WbBool>,
    pub wbr_stop: Option<extern "C" fn()>,
    pub wbr_has_failed: Option<extern "C" fn() -> WbBool>,
    pub wbr_stop_actuators: Option<extern "C" fn()>,
    pub wbr_robot_step: Option<extern "C" fn(c_int) -> c_int>,
}

/// What a remote-control library's `wbr_init` fills: its mandatory functions, its custom function and
/// the actuator functions it handles.
#[repr(C)]
pub struct WbrInterface {
    pub mandatory: WbrMandatory,
    pub wbr_custom_function: Option<extern "C" fn(*mut c_void) -> *mut c_void>,
    pub wbr_robot_battery_set_sampling_period: Option<extern "C" fn(c_int)>,
    pub wbr_set_sampling_period: Option<extern "C" fn(WbDeviceTag, c_int)>,
    pub wbr_camera_set_fov: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_camera_set_exposure: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_camera_set_focal_distance: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_led_set: Option<extern "C" fn(WbDeviceTag, c_int)>,
    pub wbr_pen_set_ink_color: Option<extern "C" fn(WbDeviceTag, c_int, c_double)>,
    pub wbr_pen_write: Option<extern "C" fn(WbDeviceTag, WbBool)>,
    pub wbr_speaker_emit_sample: Option<extern "C" fn(WbDeviceTag, *const c_void, c_int)>,
    pub wbr_motor_set_force_sampling_period: Option<extern "C" fn(WbDeviceTag, c_int)>,
    pub wbr_motor_set_torque_sampling_period: Option<extern "C" fn(WbDeviceTag, c_int)>,
    pub wbr_motor_set_position: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_acceleration: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_velocity: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_force: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_torque: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_available_force: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_available_torque: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_motor_set_control_pid: Option<extern "C" fn(WbDeviceTag, c_double, c_double, c_double)>,
    pub wbr_display_set_color: Option<extern "C" fn(WbDeviceTag, c_int)>,
    pub wbr_display_set_alpha: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_display_set_opacity: Option<extern "C" fn(WbDeviceTag, c_double)>,
    pub wbr_display_draw_pixel: Option<extern "C" fn(WbDeviceTag, c_int, c_int)>,
    pub wbr_display_draw_line: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, c_int)>,
    pub wbr_display_draw_rectangle: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, c_int)>,
    pub wbr_display_draw_oval: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, c_int)>,
    pub wbr_display_draw_polygon: Option<extern "C" fn(WbDeviceTag, *const c_int, *const c_int, c_int)>,
    pub wbr_display_draw_text: Option<extern "C" fn(WbDeviceTag, *const c_char, c_int, c_int)>,
    pub wbr_display_fill_rectangle: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, c_int)>,
    pub wbr_display_fill_oval: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, c_int)>,
    pub wbr_display_fill_polygon: Option<extern "C" fn(WbDeviceTag, *const c_int, *const c_int, c_int)>,
    pub wbr_display_image_new: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, *const c_void, c_int)>,
    pub wbr_display_image_copy: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int, c_int, c_int)>,
    pub wbr_display_image_delete: Option<extern "C" fn(WbDeviceTag, c_int)>,
    pub wbr_display_image_paste: Option<extern "C" fn(WbDeviceTag, c_int, c_int, c_int)>,
    pub wbr_display_image_save: Option<extern "C" fn(WbDeviceTag, c_int)>,
}

/// The library's custom function: NULL, no library being loaded.
#[no_mangle]
pub extern "C" fn wb_remote_control_custom_function(arg: *mut c_void) -> *mut c_void {
    let _ = arg;
    ptr::null_mut()
}

/// Writes `values` into the last sample of sensor `tag` (of type `node_type`) from index `at`.
fn set_sample(func: &str, tag: WbDeviceTag, node_type: &str, at: usize, values: &[f64]) {
    sensor_call(func, tag, node_type_from_name(node_type), (), |s| {
        if s.values.len() < at + values.len() {
            s.values.resize(at + values.len(), f64::NAN);
        }
        s.values[at..at + values.len()].copy_from_slice(values);
    })
}

/// `n` doubles of the caller; `None` for NULL.
fn doubles<'a>(p: *const c_double, n: usize) -> Option<&'a [f64]> {
    // SAFETY: as in Webots, a non-NULL pointer holds the values the function takes.
    (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p, n) })
}

#[no_mangle]
pub extern "C" fn wbr_robot_battery_sensor_set_value(value: c_double) {
    let func = "wbr_robot_battery_sensor_set_value";
    guard(func, (), || with_controller(func, (), |c| c.battery_value = value))
}

#[no_mangle]
pub extern "C" fn wbr_accelerometer_set_values(tag: WbDeviceTag, values: *const c_double) {
    if let Some(v) = doubles(values, 3) {
        set_sample("wbr_accelerometer_set_values", tag, "Accelerometer", 0, v)
    }
}

/// Sets the objects a camera's recognition reports until its next sample.
///
/// # Safety
/// `objects` is NULL or holds `object_number` objects with valid colours and model names.
#[no_mangle]
pub unsafe extern "C" fn wbr_camera_recognition_set_object(
    tag: WbDeviceTag,
    objects: *const WbCameraRecognitionObject,
    object_number: c_int,
) {
    let n = if objects.is_null() { 0 } else { object_number.max(0) as usize };
    // SAFETY: as in Webots, `objects` holds `object_number` objects whose colours and model are valid.
    let list: Vec<RecognizedObject> = unsafe { std::slice::from_raw_parts(objects, n) }
        .iter()
        .map(|o| RecognizedObject {
            id: o.id,
            position: o.position,
            orientation: o.orientation,
            size: o.size,
            position_on_image: o.position_on_image,
            size_on_image: o.size_on_image,
            colors: (0..o.number_of_colors.max(0) as usize)
                .filter(|_| !o.colors.is_null())
                // SAFETY: `number_of_colors` RGB triples
                .map(|k| unsafe { [*o.colors.add(3 * k), *o.colors.add(3 * k + 1), *o.colors.add(3 * k + 2)] })
                .collect(),
            model: if o.model.is_null() {
                String::new()
            } else {
                // SAFETY: a NUL-terminated model name
                unsafe { std::ffi::CStr::from_ptr(o.model) }.to_string_lossy().into_owned()
            },
        })
        .collect();
    local_call("wbr_camera_recognition_set_object", tag, (), |c: &mut CameraState| c.replace_objects(&list))
}

#[no_mangle]
pub extern "C" fn wbr_compass_set_values(tag: WbDeviceTag, values: *const c_double) {
    let Some(v) = doubles(values, 3) else { return };
    fn pick(s: &mut DeviceState) -> Option<&mut crate::controller::compass::CompassState> {
        match s {
            DeviceState::Compass(c) => Some(c),
            _ => None,
        }
    }
    device_call("wbr_compass_set_values", tag, (), pick, |c| c.values = [v[0], v[1], v[2]])
}

#[no_mangle]
pub extern "C" fn wbr_distance_sensor_set_value(tag: WbDeviceTag, value: c_double) {
    set_sample("wbr_distance_sensor_set_value", tag, "DistanceSensor", 0, &[value])
}

#[no_mangle]
pub extern "C" fn wbr_gps_set_values(tag: WbDeviceTag, values: *const c_double) {
    if let Some(v) = doubles(values, 3) {
        set_sample("wbr_gps_set_values", tag, "GPS", 0, v)
    }
}

#[no_mangle]
pub extern "C" fn wbr_gps_set_speed(tag: WbDeviceTag, speed: c_double) {
    set_sample("wbr_gps_set_speed", tag, "GPS", 3, &[speed])
}

#[no_mangle]
pub extern "C" fn wbr_gps_set_velocity_vector(tag: WbDeviceTag, values: *const c_double) {
    if let Some(v) = doubles(values, 3) {
        set_sample("wbr_gps_set_velocity_vector", tag, "GPS", 4, v)
    }
}

#[no_mangle]
pub extern "C" fn wbr_gyro_set_values(tag: WbDeviceTag, values: *const c_double) {
    if let Some(v) = doubles(values, 3) {
        set_sample("wbr_gyro_set_values", tag, "Gyro", 0, v)
    }
}

#[no_mangle]
pub extern "C" fn wbr_inertial_unit_set_value(tag: WbDeviceTag, value: c_double) {
    set_sample("wbr_inertial_unit_set_value", tag, "InertialUnit", 0, &[value])
}

#[no_mangle]
pub extern "C" fn wbr_light_sensor_set_value(tag: WbDeviceTag, value: c_double) {
    set_sample("wbr_light_sensor_set_value", tag, "LightSensor", 0, &[value])
}

/// Sets the bytes a microphone's sample holds until its next sample.
///
/// # Safety
/// `buffer` is NULL or holds `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn wbr_microphone_set_buffer(tag: WbDeviceTag, buffer: *const c_uchar, size: c_int) {
    let n = if buffer.is_null() { 0 } else { size.max(0) as usize };
    // SAFETY: as in Webots, `buffer` holds `size` bytes.
    let bytes = unsafe { std::slice::from_raw_parts(buffer, n) }.to_vec();
    local_call("wbr_microphone_set_buffer", tag, (), |m: &mut MicrophoneState| m.sample = bytes)
}

fn set_motor(func: &str, tag: WbDeviceTag, value: f64, position: bool) {
    guard(func, (), || {
        with_controller(func, (), |c| {
            let sensor = match c.devices.get_mut(tag as usize).map(|d| &mut d.state) {
                // the force or torque feedback; a position goes to the motor's position sensor
                Some(DeviceState::Motor(m)) if !position => {
                    m.feedback = value;
                    return;
                }
                Some(DeviceState::Motor(m)) => m.position_sensor,
                _ => {
                    eprintln!("Error: {func}(): invalid device tag.");
                    return;
                }
            };
            if let Some(DeviceState::Sensor(s)) = c.devices.get_mut(sensor as usize).map(|d| &mut d.state) {
                s.values[0] = value;
            }
        })
    })
}

#[no_mangle]
pub extern "C" fn wbr_motor_set_position_feedback(tag: WbDeviceTag, value: c_double) {
    set_motor("wbr_motor_set_position_feedback", tag, value, true)
}

#[no_mangle]
pub extern "C" fn wbr_motor_set_force_feedback(tag: WbDeviceTag, value: c_double) {
    set_motor("wbr_motor_set_force_feedback", tag, value, false)
}

#[no_mangle]
pub extern "C" fn wbr_motor_set_torque_feedback(tag: WbDeviceTag, value: c_double) {
    set_motor("wbr_motor_set_torque_feedback", tag, value, false)
}

#[no_mangle]
pub extern "C" fn wbr_position_sensor_set_value(tag: WbDeviceTag, value: c_double) {
    set_sample("wbr_position_sensor_set_value", tag, "PositionSensor", 0, &[value])
}

/// Sets the targets a radar reports until its next sample.
///
/// # Safety
/// `targets` is NULL or holds `target_number` targets.
#[no_mangle]
pub unsafe extern "C" fn wbr_radar_set_targets(tag: WbDeviceTag, targets: *const WbRadarTarget, target_number: c_int) {
    let n = if targets.is_null() { 0 } else { target_number.max(0) as usize };
    // SAFETY: as in Webots, `targets` holds `target_number` targets.
    let list = unsafe { std::slice::from_raw_parts(targets, n) }.to_vec();
    local_call("wbr_radar_set_targets", tag, (), |r: &mut RadarState| r.targets = list)
}

#[no_mangle]
pub extern "C" fn wbr_touch_sensor_set_value(tag: WbDeviceTag, value: c_double) {
    set_sample("wbr_touch_sensor_set_value", tag, "TouchSensor", 0, &[value])
}

#[no_mangle]
pub extern "C" fn wbr_touch_sensor_set_values(tag: WbDeviceTag, values: *const c_double) {
    if let Some(v) = doubles(values, 3) {
        set_sample("wbr_touch_sensor_set_values", tag, "TouchSensor", 0, v)
    }
}

/// Hands a display image the library saved: there is never a save waiting headless (display images
/// are saved at once), so Webots' "wrong id" message.
#[no_mangle]
pub extern "C" fn wbr_display_save_image(
    tag: WbDeviceTag,
    id: c_int,
    width: c_int,
    height: c_int,
    image: *mut c_uchar,
) {
    let _ = (id, width, height, image);
    local_call("wbr_display_save_image", tag, (), |_: &mut DisplayState| {
        eprintln!("wbr_display_save_image(): wrong id.")
    })
}

/// Replaces a camera's image (width × height × 4 bytes, BGRA) until its next sample.
///
/// # Safety
/// `image` is NULL or holds a whole image of the camera's size.
#[no_mangle]
pub unsafe extern "C" fn wbr_camera_set_image(tag: WbDeviceTag, image: *const c_uchar) {
    local_call("wbr_camera_set_image", tag, (), |c: &mut CameraState| {
        if !image.is_null() && !c.image.is_empty() {
            // SAFETY: as in Webots, `image` holds a whole image of the camera's size.
            let src = unsafe { std::slice::from_raw_parts(image, c.image.len()) };
            c.image.copy_from_slice(src);
        }
    })
}

/// The camera's image buffer (NULL before the camera was first enabled).
#[no_mangle]
pub extern "C" fn wbr_camera_get_image_buffer(tag: WbDeviceTag) -> *mut c_uchar {
    local_call("wbr_camera_get_image_buffer", tag, ptr::null_mut(), |c: &mut CameraState| {
        if c.image.is_empty() {
            ptr::null_mut()
        } else {
            c.image.as_mut_ptr()
        }
    })
}
