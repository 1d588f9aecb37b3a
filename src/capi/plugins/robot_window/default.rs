//! `plugins/robot_window/default.h`: the default robot window's helpers, which describe the robot's
//! devices and send their values to the window. A headless run has no window to feed: the calls are
//! accepted and send nothing, as `wb_robot_wwi_send` does.

use std::ffi::c_int;

/// Would send the device list to the robot window: there is none headless.
#[no_mangle]
pub extern "C" fn wbu_default_robot_window_configure() {}

/// Would send the devices' latest values to the robot window: there is none headless.
#[no_mangle]
pub extern "C" fn wbu_default_robot_window_update() {}

/// Would bound the size of the camera images sent to the robot window: there is none headless.
#[no_mangle]
pub extern "C" fn wbu_default_robot_window_set_images_max_size(max_width: c_int, max_height: c_int) {
    let _ = (max_width, max_height);
}
