//! The Compass as a Webots user sees it (C controllers in small worlds, through the runner): Webots' own
//! compass test, sampling and NaN before the first sample, coordinate systems old and new, axis masking,
//! resolution, the lookup table and its noise, misuse messages; then what a supervisor does to it and
//! to the radio devices: turning a robot, switching the coordinate system, changing device fields, and
//! `simulation_reset` bringing everything back.

mod common;

use common::{Project, RunOutput};

const S2: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// The values a `compass_probe` robot printed: (time ms, [x, y, z]) with NaN for "nan".
fn readings(out: &RunOutput, robot: &str) -> Vec<(f64, [f64; 3])> {
    out.robot_lines(robot)
        .iter()
        .filter_map(|l| l.strip_prefix("t="))
        .map(|l| {
            let (t, v) = l.split_once(" v=").expect("t=... v=...");
            let v: Vec<f64> =
                v.split_whitespace().map(|x| if x == "nan" { f64::NAN } else { x.parse().unwrap() }).collect();
            (t.parse().unwrap(), [v[0], v[1], v[2]])
        })
        .collect()
}

fn assert_near(actual: [f64; 3], expected: [f64; 3], what: &str) {
    for k in 0..3 {
        let ok = if expected[k].is_nan() { actual[k].is_nan() } else { (actual[k] - expected[k]).abs() < 1e-5 };
        assert!(ok, "{what}: got {actual:?}, expected {expected:?}");
    }
}

fn ok(out: &RunOutput) {
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
}

/// A robot carrying a compass, with `extra` fields on the compass and the robot's own pose.
fn robot(name: &str, controller: &str, args: &str, pose: &str, compass: &str) -> String {
    format!(
        "Robot {{ {pose} name \"{name}\" controller \"{controller}\" controllerArgs [ {args} ] \
         children [ DEF COMPASS Compass {{ {compass} }} ] }}\n"
    )
}

#[test]
fn webots_compass_test_tilted_compass_then_the_world_switches_to_eun() {
    let p = Project::new();
    p.world(
        "compass.wbt",
        r#"#VRML_SIM R2023b utf8
DEF WORLD_INFO WorldInfo { coordinateSystem "NUE" basicTimeStep 32 }
Robot {
  rotation 0 1 0 0.916298
  controller "compass_webots"
  supervisor TRUE
  children [
    Compass { rotation 0 1 0 0.392699 lookupTable [ -1000 -1000 0, 1000 1000 0 ] }
  ]
}
"#,
    );
    p.controller("compass_webots", "compass_webots");
    let out = p.run("compass.wbt", &[]);
    ok(&out);
    out.assert_stdout_has("compass test passed");
}

#[test]
fn values_are_nan_until_the_first_sample_then_north_in_the_device_frame() {
    let p = Project::new();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n{}{}",
        robot("upright", "compass_probe", "\"3\" \"64\"", "", ""),
        // turned 90 degrees left: north (+y in ENU) is now on the device's right-hand... its +x
        robot("turned", "compass_probe", "\"3\"", "rotation 0 0 1 1.5707963267948966", "")
    );
    p.world("enu.wbt", &world);
    p.controller("compass_probe", "compass_probe");
    let out = p.run("enu.wbt", &[]);
    ok(&out);
    let upright = readings(&out, "upright");
    // enabled with 64 ms: NaN before the first sample, and at the first 32 ms step
    assert_near(upright[0].1, [f64::NAN; 3], "before the first step");
    assert_eq!(upright[1].0, 32.0);
    assert_near(upright[1].1, [f64::NAN; 3], "before the first 64 ms sample");
    assert_eq!(upright[2].0, 64.0);
    assert_near(upright[2].1, [0.0, 1.0, 0.0], "ENU north seen from an upright compass");
    let turned = readings(&out, "turned");
    assert_near(turned[1].1, [1.0, 0.0, 0.0], "north after a 90 degree turn");
}

#[test]
fn old_worlds_keep_their_north_nue_before_r2022a_and_northdirection_before_r2020b() {
    let p = Project::new();
    p.controller("compass_probe", "compass_probe");
    p.world(
        "r2021b.wbt",
        &format!("#VRML_SIM R2021b utf8\nWorldInfo {{ }}\n{}", robot("r", "compass_probe", "\"1\"", "", "")),
    );
    p.world(
        "r2020a.wbt",
        &format!(
            "#VRML_SIM R2020a utf8\nWorldInfo {{ northDirection 0 0 1 }}\n{}",
            robot("r", "compass_probe", "\"1\"", "", "")
        ),
    );
    p.world(
        "eun.wbt",
        &format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ coordinateSystem \"EUN\" }}\n{}",
            robot("r", "compass_probe", "\"1\"", "", "")
        ),
    );
    for (world, north) in
        [("r2021b.wbt", [1.0, 0.0, 0.0]), ("r2020a.wbt", [0.0, 0.0, 1.0]), ("eun.wbt", [0.0, 0.0, 1.0])]
    {
        let out = p.run(world, &[]);
        ok(&out);
        assert_near(readings(&out, "r")[1].1, north, world);
    }
}

#[test]
fn disabled_axes_read_nan_and_resolution_rounds_like_webots() {
    let p = Project::new();
    // compass turned -135 degrees about z: north (0 1 0) reads (-0.7071, -0.7071, 0)
    let pose = "rotation 0 0 1 -2.356194490192345";
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n{}{}",
        robot("masked", "compass_probe", "\"1\"", pose, "xAxis FALSE zAxis FALSE"),
        robot("coarse", "compass_probe", "\"1\"", pose, "resolution 0.5")
    );
    p.world("axes.wbt", &world);
    p.controller("compass_probe", "compass_probe");
    let out = p.run("axes.wbt", &[]);
    ok(&out);
    assert_near(readings(&out, "masked")[1].1, [f64::NAN, -S2, f64::NAN], "masked axes");
    // (int)(-0.7071 / 0.5 + 0.5) = (int)(-0.914) = 0, so -0.7071 rounds to 0 (not -0.5)
    assert_near(readings(&out, "coarse")[1].1, [0.0, 0.0, 0.0], "resolution 0.5");
}

#[test]
fn lookup_table_maps_clamps_and_adds_seeded_multiplicative_noise() {
    let p = Project::new();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ randomSeed 3 }}\n{}{}",
        // a decreasing table that clamps: y = 1 maps to 0, x = 0 to 50
        robot("mapped", "compass_probe", "\"1\"", "", "lookupTable [ -1 100 0, 0.5 25 0 ]"),
        robot("noisy", "compass_probe", "\"20\"", "", "lookupTable [ -1 -100 0.1, 1 100 0.1 ]")
    );
    p.world("table.wbt", &world);
    p.controller("compass_probe", "compass_probe");
    let first = p.run("table.wbt", &[]);
    ok(&first);
    assert_eq!(first.robot_lines("mapped")[0], "table rows=2 -1 100 0 0.5 25 0");
    // x = 0 -> 100 + (0 - -1) / 1.5 * (25 - 100) = 50; y = 1 -> clamped to 25; z = 0 -> 50
    assert_near(readings(&first, "mapped")[1].1, [50.0, 25.0, 50.0], "mapped");
    let noisy: Vec<f64> = readings(&first, "noisy")[1..].iter().map(|r| r.1[1]).collect();
    assert!(noisy.iter().all(|y| (y - 100.0).abs() < 60.0), "{noisy:?}");
    assert!(noisy.windows(2).any(|w| w[0] != w[1]), "no noise: {noisy:?}");
    // output 0 has no noise however large the noise level
    assert!(readings(&first, "noisy")[1..].iter().all(|r| r.1[0] == 0.0 && r.1[2] == 0.0));
    let again = p.run("table.wbt", &[]);
    assert_eq!(first.robot_lines("noisy"), again.robot_lines("noisy"), "noisy runs must repeat");
    let reseeded = p.run("table.wbt", &["--seed", "4"]);
    assert_ne!(first.robot_lines("noisy"), reseeded.robot_lines("noisy"));
}

#[test]
fn misuse_prints_webots_messages_and_returns_webots_values() {
    let p = Project::new();
    p.world(
        "misuse.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { }\nRobot { controller \"compass_misuse\" children [ Compass { } Emitter { } ] }\n",
    );
    p.controller("compass_misuse", "compass_misuse");
    let out = p.run("misuse.wbt", &[]);
    ok(&out);
    out.assert_stdout_has("misuse done");
    for line in [
        "Error: device with tag=999 not found.",
        "Error: wb_compass_get_values(): invalid device tag.",
        "Error: wb_compass_get_lookup_table_size(): invalid device tag.",
        "Error: wb_compass_get_sampling_period(): invalid device tag.",
        "Error: wb_compass_enable() called with negative sampling period.",
        "Error: wb_compass_get_values() called for a disabled device! Please use: wb_compass_enable().",
    ] {
        out.assert_stderr_has(line);
    }
    assert_eq!(out.stderr.matches("called for a disabled device").count(), 2, "{}", out.stderr);
}

#[test]
fn a_supervisor_turning_a_robot_turns_its_compass_reading_at_the_next_step() {
    let p = Project::new();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\nRobot {{ name \"sup\" controller \"turner\" supervisor TRUE \
         controllerArgs [ \"BOT\" \"3\" \"0\" \"0\" \"1\" \"1.5707963267948966\" ] }}\nDEF BOT {}",
        robot("bot", "compass_probe", "\"6\"", "", "")
    );
    p.world("turn.wbt", &world);
    p.controller("turner", "turner");
    p.controller("compass_probe", "compass_probe");
    let out = p.run("turn.wbt", &[]);
    ok(&out);
    // the supervisor sets the rotation after its step returning at 64 ms: the world turns at the
    // step to 96 ms, so the compass sample of 96 ms sees it
    out.assert_stdout_has("set at t=64, orientation still 1.000 0.000 0.000");
    out.assert_stdout_has("orientation 0.000 -1.000 0.000 / 1.000 0.000 0.000 / 0.000 0.000 1.000");
    let r = readings(&out, "bot");
    assert_eq!(r[2].0, 64.0);
    assert_near(r[2].1, [0.0, 1.0, 0.0], "before the turn");
    assert_eq!(r[3].0, 96.0);
    assert_near(r[3].1, [1.0, 0.0, 0.0], "after the turn");
}

#[test]
fn changing_the_lookup_table_reaches_the_controller_and_the_readings() {
    let p = Project::new();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\nRobot {{ name \"sup\" controller \"field_setter\" supervisor TRUE \
         controllerArgs [ \"COMPASS\" \"lookupTable\" \"2\" \"v3\" \"0\" \"7\" \"0\" ] }}\n{}",
        robot("bot", "compass_probe", "\"4\"", "", "lookupTable [ -1 -1 0, 1 1 0 ]")
    );
    p.world("table_change.wbt", &world);
    p.controller("field_setter", "field_setter");
    p.controller("compass_probe", "compass_probe");
    let out = p.run("table_change.wbt", &[]);
    ok(&out);
    let lines = out.robot_lines("bot");
    assert_eq!(lines[0], "table rows=2 -1 -1 0 1 1 0");
    assert!(lines.contains(&"table rows=1 0 7 0".to_string()), "{lines:?}");
    // the supervisor edits the table after its step returning at 32 ms (inserts and removals act at once)
    let r = readings(&out, "bot");
    assert_near(r[1].1, [0.0, 1.0, 0.0], "old table");
    assert_near(r[2].1, [7.0, 7.0, 7.0], "a one-row table is a constant");
}

#[test]
fn supervisor_changes_to_emitter_and_receiver_fields_reach_their_controller_with_webots_checks() {
    let p = Project::new();
    let world = r#"#VRML_SIM R2025a utf8
WorldInfo { }
Robot { name "range" controller "field_setter" supervisor TRUE controllerArgs [ "EM" "range" "2" "f" "12.5" ] }
Robot { name "clip" controller "field_setter" supervisor TRUE controllerArgs [ "EM2" "range" "2" "f" "50" ] }
Robot { name "chan" controller "field_setter" supervisor TRUE controllerArgs [ "RX" "channel" "3" "i" "4" ] }
Robot { name "buf" controller "field_setter" supervisor TRUE controllerArgs [ "EM" "bufferSize" "4" "i" "0" ] }
Robot { name "rxbuf" controller "field_setter" supervisor TRUE controllerArgs [ "RX" "bufferSize" "4" "i" "-7" ] }
Robot {
  name "probe" controller "radio_fields_probe" controllerArgs [ "6" ]
  children [ DEF EM Emitter { range 3 bufferSize 64 } DEF RX Receiver { channel 1 bufferSize 100 } ]
}
Robot {
  name "probe2" controller "radio_fields_probe" controllerArgs [ "6" ]
  children [ DEF EM2 Emitter { range 3 maxRange 20 } Receiver { } ]
}
"#;
    p.world("fields.wbt", world);
    p.controller("field_setter", "field_setter");
    p.controller("radio_fields_probe", "radio_fields_probe");
    let out = p.run("fields.wbt", &[]);
    ok(&out);
    // a write made after the step returning at t reaches the device's controller with the step to t + 32
    let probe = out.robot_lines("probe");
    assert_eq!(probe[1], "t=32 emitter channel=0 range=3 buffer=64 receiver channel=1");
    assert_eq!(probe[2], "t=64 emitter channel=0 range=12.5 buffer=64 receiver channel=1");
    assert_eq!(probe[3], "t=96 emitter channel=0 range=12.5 buffer=64 receiver channel=4");
    // bufferSize 0 is not allowed at run time: Webots makes it -1 and says so
    assert_eq!(probe[4], "t=128 emitter channel=0 range=12.5 buffer=-1 receiver channel=4");
    out.assert_stderr_has(
        "Emitter \"emitter\": Invalid 'bufferSize' changed to -1. The value should be either -1 or positive.",
    );
    out.assert_stderr_has(
        "Receiver \"receiver\": Invalid 'bufferSize' changed to -1. The value should be either -1 or positive.",
    );
    // a range above maxRange is clipped to it, with Webots' warning
    let probe2 = out.robot_lines("probe2");
    assert_eq!(probe2[2], "t=64 emitter channel=0 range=20 buffer=-1 receiver channel=0");
    out.assert_stderr_has("Emitter \"emitter\": 'range' must be less than or equal to 'maxRange'.");
}

#[test]
fn simulation_reset_brings_poses_fields_devices_and_time_back() {
    let p = Project::new();
    let world = r#"#VRML_SIM R2025a utf8
WorldInfo { }
Robot { name "sup" controller "resetter" supervisor TRUE }
DEF MOVER Robot {
  translation 1 2 0 name "mover" controller "compass_probe" controllerArgs [ "8" ]
  children [ DEF COMPASS Compass { lookupTable [ -1 -1 0, 1 1 0 ] } DEF EM Emitter { range 3 channel 2 } ]
}
"#;
    p.world("reset.wbt", world);
    p.controller("resetter", "resetter");
    p.controller("compass_probe", "compass_probe");
    let out = p.run("reset.wbt", &[]);
    ok(&out);
    out.assert_stdout_has("changed at t=96");
    // the reset happens at the next step: time starts again from 0
    out.assert_stdout_has("after reset t=32");
    out.assert_stdout_has("reset checked");
    // the compass robot kept running: its clock went back too, and its reading follows the turn and back
    let r = readings(&out, "mover");
    let times: Vec<f64> = r.iter().map(|x| x.0).collect();
    assert_eq!(&times[..5], &[0.0, 32.0, 64.0, 96.0, 32.0], "{times:?}");
    assert_near(r[1].1, [0.0, 1.0, 0.0], "before the turn");
    assert_near(r[2].1, [1.0, 0.0, 0.0], "turned");
    // the table grew a row then went back to two rows with the reset
    let lines = out.robot_lines("mover");
    assert!(lines.contains(&"table rows=3 -1 -1 0 1 1 0 2 2 0".to_string()), "{lines:?}");
    assert!(lines.iter().filter(|l| *l == "table rows=2 -1 -1 0 1 1 0").count() >= 2, "{lines:?}");
    // the reset samples enabled sensors at once: upright again
    assert_near(r[4].1, [0.0, 1.0, 0.0], "after the reset");
}
