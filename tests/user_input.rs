//! Keyboard, mouse and joystick (`keyboard.h`, `mouse.h`, `joystick.h`) in a headless run: they
//! enable and disable as in Webots, report no key, button, position or joystick, and misuses print
//! Webots' messages.

mod common;

use common::Project;

#[test]
fn user_input_devices_report_nothing_and_say_what_is_wrong() {
    let p = Project::new();
    p.world(
        "input.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nRobot { name \"r\" controller \"user_input\" }\n",
    );
    p.controller("user_input", "user_input");
    let out = p.run("input.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[r] user_input: all checks passed at t=0.096");
    let errors: Vec<&str> = out.stderr.lines().filter_map(|l| l.strip_prefix("[r] ")).collect();
    assert_eq!(
        errors,
        [
            "Error: wb_keyboard_get_key() called for a disabled device! Please use: wb_keyboard_enable().",
            "Error: wb_mouse_enable() called with negative sampling period.",
            "Error: wb_mouse_enable_3d_position() called for a disabled device! Please use: wb_mouse_enable().",
            "Error: wb_joystick_is_connected() called for a disabled device! Please use: wb_joystick_enable().",
            "Error: wb_joystick_get_axis_value() called with an 'axis' argument (0) bigger than or equal to the number of axes (0).",
            "Error: wb_joystick_get_pov_value() called with a 'pov' argument (1) bigger than or equal to the number of axes (0).",
            "Error: wb_joystick_set_constant_force_duration() called with a negative 'duration' argument.",
            "Error: wb_joystick_set_force_axis() called with an 'axis' argument (2) bigger than or equal to the number of axes (0).",
            "Error: wb_joystick_get_pressed_button() called for a disabled device! Please use: wb_joystick_enable().",
        ],
        "{}",
        out.stderr
    );
}
