//! Python controllers (`controllers/NAME/NAME.py`) on our `controller` package, through the runner, as
//! `<extern>` controllers and in-process: radio with a C robot, compass, supervisor, every device's class,
//! errors, crashes, `runtime.ini`; the package's constants against our headers, and the symbols Webots'
//! own package resolves. A device's Python test sits beside its C test, on the same world with the same
//! checks (imagers.rs, display.rs, world_sensors.rs, media.rs, physics.rs, supervisor_scene.rs,
//! robot_utils.rs).

mod common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::{Project, RunOutput};

const HEADER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n";

fn robot(name: &str, controller: &str, extra: &str) -> String {
    format!("Robot {{ name \"{name}\" controller \"{controller}\" {extra} }}\n")
}

fn lines(out: &RunOutput, robot: &str) -> Vec<String> {
    out.robot_lines(robot)
}

#[test]
fn c_and_python_robots_exchange_binary_packets_whole() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("c side", "c_peer", "children [ Emitter { channel 1 } Receiver { channel 2 } ]")
        + &robot("py side", "py_peer", "translation 1 0 0 children [ Emitter { channel 2 } Receiver { channel 1 } ]");
    p.world("radio.wbt", &world);
    p.controller("c_peer", "py_peer");
    p.python_controller("py_peer", "radio_peer");
    let out = p.run_with_home("radio.wbt", &["--until", "0.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        lines(&out, "py side"),
        [
            "devices: Emitter Receiver True True",
            "t=0.032 got 5 bytes: 00 68 69 00 ff signal 1.00 from [-1.0, 0.0, 0.0]",
            "t=0.032 got 8 bytes: 68 65 6c 6c 6f 20 43 00 signal 1.00 from [-1.0, 0.0, 0.0]",
            "as a string: 'hello C\\x00'",
        ]
    );
    // sent at once, heard after one step; bytes as they are, a str as UTF-8 without a NUL, float/int/bool lists packed, a length cut
    assert_eq!(
        lines(&out, "c side"),
        [
            "t=0.064 got 5 bytes: 00 70 79 00 fe",
            "t=0.064 got 6 bytes: 68 c3 a9 6c 6c 6f",
            "t=0.064 got 16 bytes: 00 00 00 00 00 00 f8 3f 00 00 00 00 00 00 00 c0",
            "t=0.064 got 8 bytes: 07 00 00 00 ff ff ff ff",
            "t=0.064 got 2 bytes: 01 00",
            "t=0.064 got 3 bytes: 61 62 63",
        ]
    );
}

#[test]
fn a_python_robot_reads_its_compasses_and_gets_each_device_as_its_class() {
    let p = Project::new();
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 coordinateSystem \"ENU\" }\n".to_string()
        + &robot(
            "rover",
            "rover",
            "rotation 0 0 1 1.5707963267948966 children [ Compass { } \
             Compass { name \"scaled\" lookupTable [ -1 -100 0, 1 100 0 ] } \
             Connector { } DistanceSensor { } Emitter { } ]",
        );
    p.world("compass.wbt", &world);
    p.python_controller("rover", "compass_reader");
    let out = p.run_with_home("compass.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        lines(&out, "rover"),
        [
            "device 0: compass is a Compass (node type 39)",
            "device 1: scaled is a Compass (node type 39)",
            "device 2: connector is a Connector (node type 40)",
            "device 3: distance sensor is a DistanceSensor (node type 42)",
            "device 4: emitter is a Emitter (node type 43)",
            "before the first sample: [nan, nan, nan]",
            "sampling periods: 32 64",
            "lookup tables: [] [-1.0, -100.0, 0.0, 1.0, 100.0, 0.0]",
            // the scaled compass samples every 64 ms: nothing yet at 32 ms
            "t=0.032 [1.0, 0.0, 0.0] [nan, nan, nan]",
            "t=0.064 [1.0, 0.0, 0.0] [100.0, 0.0, 0.0]",
            "disabled: 0",
        ]
    );
    // the library's own error for reading a disabled compass reaches the controller's stderr
    out.assert_stderr_has("[rover] Error: wb_compass_get_values() called for a disabled device!");
}

#[test]
fn devices_imported_while_the_controller_runs_are_found_by_name_and_by_index() {
    let p = Project::new();
    let world = HEADER.to_string()
        + "Robot { name \"host\" supervisor TRUE controller \"device_refresh\" children [ Emitter { } ] }\n";
    p.world("refresh.wbt", &world);
    p.python_controller("device_refresh", "device_refresh");
    let out = p.run_with_home("refresh.wbt", &["--until", "0.5"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // nothing in front of the sensor: its ray misses and it reads the value at the end of its default
    // lookup table [0 0 0, 0.1 1000 0]
    assert_eq!(
        lines(&out, "host"),
        [
            "after one import: 1 more, DistanceSensor",
            "after two imports: 2 more, Camera, same object by name: True",
            "the imported sensor reads 1000.0",
        ]
    );
}

#[test]
fn every_device_of_the_c_side_gets_its_class_and_the_robot_window_calls_answer_as_headless_webots() {
    let p = Project::new();
    let devices = "Camera { } RangeFinder { } Lidar { } Radar { } Display { } LightSensor { } Altimeter { } Pen { } \
                   Speaker { } Microphone { } Skin { } VacuumGripper { } Radio { }";
    p.world("all.wbt", &(HEADER.to_string() + &robot("all", "device_classes", &format!("children [ {devices} ]"))));
    p.python_controller("device_classes", "device_classes");
    let out = p.run_with_home("all.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        lines(&out, "all"),
        [
            "camera: Camera True",
            "range-finder: RangeFinder True",
            "lidar: Lidar True",
            "radar: Radar True",
            "display: Display True",
            "light sensor: LightSensor True",
            "altimeter: Altimeter True",
            "pen: Pen True",
            "speaker: Speaker True",
            "microphone: Microphone True",
            "skin: Skin True",
            "vacuum gripper: VacuumGripper True",
            // Webots' Python package has no Radio class either
            "radio: Device True",
            "deprecated: Camera Lidar",
            "deprecated, not found: None",
            "from the window: None",
            "\x1b[31mred\x1b[0m",
        ]
    );
    for message in [
        "DEPRECATION: Robot.getCamera is deprecated, please use Robot.getDevice instead.",
        "DEPRECATION: Robot.getLidar is deprecated, please use Robot.getDevice instead.",
        "DEPRECATION: Robot.getDisplay is deprecated, please use Robot.getDevice instead.",
        "Device \"nope\" was not found on robot \"all\"",
    ] {
        out.assert_stderr_has(&format!("[all] {message}"));
    }
}

#[test]
fn a_python_supervisor_reads_and_writes_fields_and_quits_with_its_status() {
    let p = Project::new();
    let world =
        "#VRML_SIM R2025a utf8\nDEF WI WorldInfo { basicTimeStep 32 }\n".to_string()
            + &robot("target", "<none>", "translation 1 2 3 customData \"hello\" controllerArgs [ \"a\" \"b\" ]")
                .replacen("Robot", "DEF TARGET Robot", 1)
            + &robot("boss", "sv_fields", "supervisor TRUE children [ Compass { } ]");
    p.world("sv.wbt", &world);
    p.python_controller("sv_fields", "sv_fields");
    let out = p.run_with_home("sv.wbt", &["--until", "2"]);
    assert_eq!(out.status.code(), Some(5), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        lines(&out, "boss"),
        [
            "target: Robot TARGET Robot False",
            "missing: None",
            "translation: SFVec3f True [1.0, 2.0, 3.0] [1.0, 2.0, 3.0]",
            "name: target | customData: hello",
            "args: 2 ['a', 'b'] None",
            "basicTimeStep: 32.0",
            "self: Robot boss True",
            "compass node: Compass True",
            "moved to: [4.0, 5.5, 6.0] | args now: 3 third | customData: changed",
            "orientation: [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]",
            "the run is over at 0.032",
        ]
    );
    out.assert_stderr_has("[boss] Error: setSFVec3f(): length of 'value' argument should be 3.");
    out.assert_stderr_has("[boss] Error: new field value has wrong type or length.");
}

#[test]
fn misuse_gets_webots_messages_or_a_type_error_and_the_step_after_minus_one_ends_the_controller() {
    let p = Project::new();
    p.world("misuse.wbt", &(HEADER.to_string() + &robot("m", "misuse", "children [ Emitter { } Receiver { } ]")));
    p.python_controller("misuse", "misuse");
    let out = p.run_with_home("misuse.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        lines(&out, "m"),
        [
            "getDevice(\"nope\") -> None",
            "getDevice(3) -> TypeError: Robot.getDevice(): name must be a str, not int",
            "step(32.0) -> TypeError: Robot.step(): duration must be an int, not float",
            "send(123) -> None",
            "send([]) -> None",
            "send(b\"\") -> None",
            "setChannel(\"x\") -> TypeError: Emitter.setChannel(): channel must be an int, not str",
            "setChannel(-5) -> None",
            "getBytes() on an empty queue -> b''",
            "getEmitterDirection() on an empty queue -> None",
            "a second Robot: getName() -> 'm'",
            "over after 3 steps at 0.128",
        ]
    );
    for message in [
        "Device \"nope\" was not found on robot \"m\"",
        "Emitter.send(): unsupported data type: <class 'int'>",
        "Emitter.send(): empty list",
        "Error: wb_emitter_send(): invalid size=0 argument.",
        "Error: wb_emitter_set_channel() called with an invalid channel=-5. Please use a channel inside the range [-1,inf).",
        "Error: wb_receiver_get_emitter_direction(): the receiver queue is empty.",
        "Error: only one Robot instance can be created per controller process.",
    ] {
        out.assert_stderr_has(&format!("[m] {message}"));
    }
    assert!(!out.stderr.contains("ctypes") && !out.stderr.contains("Traceback"), "{}", out.stderr);
    out.assert_stderr_has("'m' controller exited successfully");
}

#[test]
fn an_exception_in_a_python_controller_fails_its_world_with_its_last_lines() {
    let p = Project::new();
    p.world("crash.wbt", &(HEADER.to_string() + &robot("crasher", "crash", "") + &robot("other", "steps", "")));
    p.python_controller("crash", "crash");
    p.python_controller("steps", "steps");
    let out = p.run_with_home("crash.wbt", &["--until", "0.2"]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("'crasher' controller exited with status 1");
    out.assert_stderr_has("[crasher] RuntimeError: boom");
    // the others go on to the end
    assert_eq!(lines(&out, "other"), ["other: -1 at t=0.224 after 6 steps, args []"]);

    let mut suite = Command::new(common::runner());
    suite.arg("test").arg(p.path().join("worlds/crash.wbt")).args(["--until", "0.2"]);
    p.env(&mut suite);
    let out = suite.env("WEBOTS_HOME", p.home()).stdin(Stdio::null()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("'crasher' exited with status 1"), "{stdout}");
    assert!(stdout.contains("| about to fail") && stdout.contains("| RuntimeError: boom"), "{stdout}");
}

/// `python3 NAME.py` in the controller's folder, with the package on PYTHONPATH and `env` added (and
/// no WEBOTS_HOME: the package finds the library beside itself).
fn run_python_by_hand(p: &Project, name: &str, env: &[(&str, &str)]) -> RunOutput {
    let dir = p.path().join("controllers").join(name);
    let mut cmd = Command::new("python3");
    cmd.arg(format!("{name}.py")).current_dir(&dir).stdin(Stdio::null());
    p.env(&mut cmd);
    cmd.env("PYTHONPATH", p.home().join("lib/controller/python")).env_remove("WEBOTS_HOME");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let start = std::time::Instant::now();
    common::to_output(cmd.output().expect("python3 runs"), start.elapsed())
}

#[test]
fn an_extern_python_controller_joins_the_run_by_url() {
    let p = Project::new();
    let world = HEADER.to_string() + &robot("ext py", "<extern>", "") + &robot("inside", "steps", "");
    p.world("ext.wbt", &world);
    p.python_controller("steps", "steps");
    let mut runner = p.runner_command("ext.wbt", &["--until", "0.3"]);
    let runner = runner.env("WEBOTS_HOME", p.home()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let ext = run_python_by_hand(&p, "steps", &[("WEBOTS_CONTROLLER_URL", "ipc://1234/ext%20py")]);
    let out = runner.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(ext.status.success(), "extern controller: {}\n{}", ext.stdout, ext.stderr);
    assert_eq!(ext.stdout.trim(), "ext py: -1 at t=0.320 after 9 steps, args []");
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("[inside] inside: -1 at t=0.320 after 9 steps, args []"), "{stdout}");
}

#[test]
fn a_python_controller_runs_its_world_in_process() {
    let p = Project::new();
    let world = p.world("solo.wbt", &(HEADER.to_string() + &robot("solo", "steps", "")));
    p.python_controller("steps", "steps");
    let out = run_python_by_hand(
        &p,
        "steps",
        &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_ROBOT_NAME", "solo"), ("WEBOTS_SHIM_UNTIL", "0.3")],
    );
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.stdout.trim(), "solo: -1 at t=0.320 after 9 steps, args []");
}

#[test]
fn runtime_ini_sets_the_python_command_its_options_and_pythonpath() {
    let p = Project::new();
    p.world("ini.wbt", &(HEADER.to_string() + &robot("ini", "uses_helper", "controllerArgs [ \"x y\" ]")));
    let program = p.python_controller("uses_helper", "uses_helper");
    let dir = program.parent().unwrap();
    let helpers = p.path().join("libraries/helpers");
    std::fs::create_dir_all(&helpers).unwrap();
    std::fs::write(helpers.join("helper.py"), "MESSAGE = 'found through runtime.ini'\n").unwrap();
    let wrapper = dir.join("mypython");
    std::fs::write(&wrapper, "#!/bin/sh\necho \"wrapper runs python3 $*\" >&2\nexec python3 \"$@\"\n").unwrap();
    std::fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    std::fs::write(
        dir.join("runtime.ini"),
        format!(
            "; how this controller runs\n[environment variables]\nHELPERS = ../../libraries/helpers\n\
             [environment variables with paths]\nPYTHONPATH = $(HELPERS):$(PYTHONPATH)\n\
             [python]\nCOMMAND = {}\nOPTIONS = -B\n",
            wrapper.display()
        ),
    )
    .unwrap();
    let out = p.run_with_home("ini.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(lines(&out, "ini"), ["helper says found through runtime.ini"]);
    out.assert_stderr_has("[ini] wrapper runs python3 -u -B uses_helper.py x y");
}

/// Runs `code` in python3 with the installed package importable; returns its stdout.
fn python(p: &Project, code: &str) -> String {
    let out = Command::new("python3")
        .args(["-c", code])
        .env("PYTHONPATH", p.home().join("lib/controller/python"))
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `NAME value` pairs of the enumerators starting with `prefix` in a generated header (values counted
/// as C counts them).
fn header_enum(header: &str, prefix: &str) -> Vec<(String, i64)> {
    let text = std::fs::read_to_string(common::include_dir().join("webots").join(header)).unwrap();
    let mut next = 0;
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        let Some(item) = line.strip_prefix(prefix) else { continue };
        let item = item.trim_end_matches(',');
        let (name, value) = match item.split_once(" = ") {
            Some((n, v)) => (n, v.parse().unwrap()),
            None => (item, next),
        };
        out.push((name.to_string(), value));
        next = value + 1;
    }
    out
}

#[test]
fn the_package_s_constants_are_our_headers_values() {
    let p = Project::new();
    let shown = |class: &str, module: &str, names: &[&str]| {
        python(
            &p,
            &format!("from controller.{module} import {class}\nfor n in {names:?}: print(n, getattr({class}, n))"),
        )
    };
    fn expected<V: std::fmt::Display>(names: &[(String, V)]) -> String {
        names.iter().map(|(n, v)| format!("{n} {v}\n")).collect()
    }
    fn keys<V>(names: &[(String, V)]) -> Vec<&str> {
        names.iter().map(|(n, _)| n.as_str()).collect()
    }
    let nodes = header_enum("nodes.h", "WB_NODE_");
    assert_eq!(nodes.len(), 88);
    assert_eq!(shown("Node", "node", &keys(&nodes)), expected(&nodes));
    let fields = header_enum("supervisor.h", "WB_");
    let fields: Vec<_> = fields.into_iter().filter(|(n, _)| n.starts_with("SF_") || n.starts_with("MF")).collect();
    assert_eq!(fields.len(), 19);
    assert_eq!(shown("Field", "field", &keys(&fields)), expected(&fields));
    let key_codes: Vec<_> =
        header_defines("keyboard.h", "WB_KEYBOARD_").into_iter().map(|(n, v)| (n, v.parse::<i64>().unwrap())).collect();
    assert_eq!(key_codes.len(), 18);
    assert_eq!(shown("Keyboard", "keyboard", &keys(&key_codes)), expected(&key_codes));
    let types = header_enum("distance_sensor.h", "WB_DISTANCE_SENSOR_");
    assert_eq!(types.len(), 4);
    assert_eq!(shown("DistanceSensor", "distance_sensor", &keys(&types)), expected(&types));
    let types = header_enum("touch_sensor.h", "WB_TOUCH_SENSOR_");
    assert_eq!(types.len(), 3);
    assert_eq!(shown("TouchSensor", "touch_sensor", &keys(&types)), expected(&types));
    // Python names them LOCAL and WGS84
    let systems: Vec<_> = header_enum("gps.h", "WB_GPS_")
        .into_iter()
        .map(|(n, v)| (n.trim_end_matches("_COORDINATE").to_string(), v))
        .collect();
    assert_eq!(systems.len(), 2);
    assert_eq!(shown("GPS", "gps", &keys(&systems)), expected(&systems));
    let formats = header_defines("display.h", "WB_IMAGE_");
    assert_eq!(formats.len(), 5);
    assert_eq!(shown("Display", "display", &keys(&formats)), expected(&formats));
    // the escape sequences, as the header's string literals spell them
    let codes: Vec<_> = header_defines("utils/ansi_codes.h", "ANSI_")
        .into_iter()
        .filter(|(_, v)| v.starts_with('"'))
        .map(|(n, v)| (n, v.trim_matches('"').replace("\\x1b", "\x1b")))
        .collect();
    assert_eq!(codes.len(), 20);
    assert_eq!(shown("AnsiCodes", "ansi_codes", &keys(&codes)), expected(&codes));
}

#[test]
fn images_and_ranges_are_indexed_as_webots_documents_them() {
    // a 3 × 2 BGRA image whose pixel (x, y) is red 10x + y, green 100 + x, blue 200 + y, rows top to bottom
    let p = Project::new();
    let code = "from controller import Camera, RangeFinder\nfrom controller.arrays import bgra_columns, rows\n\
                image = bytes(v for y in range(2) for x in range(3) for v in (200 + y, 100 + x, 10 * x + y, 255))\n\
                print(bgra_columns(image, 3, 2))\n\
                print(Camera.imageGetRed(image, 3, 2, 1), Camera.imageGetGreen(image, 3, 2, 1), \
                Camera.imageGetBlue(image, 3, 2, 1), Camera.imageGetGray(image, 3, 2, 1))\n\
                print(rows([0.0, 1.0, 2.0, 10.0, 11.0, 12.0], 3), RangeFinder.rangeImageGetDepth([0, 1, 2, 10, 11, 12], 3, 1, 1))\n";
    assert_eq!(
        python(&p, code),
        "[[[0, 100, 200], [1, 100, 201]], [[10, 101, 200], [11, 101, 201]], [[20, 102, 200], [21, 102, 201]]]\n\
         21 102 201 108\n\
         [[0.0, 1.0, 2.0], [10.0, 11.0, 12.0]] 11\n"
    );
}

/// `NAME value` of the `#define PREFIXNAME value` lines of a generated header (values as written).
fn header_defines(header: &str, prefix: &str) -> Vec<(String, String)> {
    std::fs::read_to_string(common::include_dir().join("webots").join(header))
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("#define ")?.strip_prefix(prefix)?.split_once(' '))
        .filter(|(n, _)| !n.contains('('))
        .map(|(n, v)| (n.to_string(), v.trim().to_string()))
        .collect()
}

/// The C symbols Webots' own Python package resolves from libController (`name kind when`), kept as
/// data: `tests/python/webots_package_symbols.txt`.
fn webots_package_symbols() -> Vec<(String, String, String)> {
    let path = common::manifest_dir().join("tests/python/webots_package_symbols.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let words: Vec<_> = l.split_whitespace().collect();
            assert_eq!(words.len(), 3, "not `name kind when`: {l:?}");
            (words[0].to_string(), words[1].to_string(), words[2].to_string())
        })
        .collect()
}

/// The names `nm -D` lists as defined in our libController.so.
fn exported_symbols(lib: &Path) -> std::collections::HashSet<String> {
    let out = Command::new("nm").arg("-D").arg("--defined-only").arg(lib).output().expect("nm runs");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.split_whitespace().nth(2)).map(String::from).collect()
}

#[test]
fn every_symbol_webots_package_resolves_is_exported_with_our_package_s_values() {
    let symbols = webots_package_symbols();
    let mut seen = std::collections::HashSet::new();
    for (name, kind, when) in &symbols {
        assert!(seen.insert(name.clone()), "{name} is listed twice");
        assert!(name.starts_with("wb_") || name.starts_with("wbu_"), "{name}");
        assert!(["function", "int", "string"].contains(&kind.as_str()), "{name}: kind {kind}");
        assert!(["import", "call"].contains(&when.as_str()), "{name}: when {when}");
        // data symbols are read when the package is imported
        assert!(kind == "function" || when == "import", "{name}");
    }
    assert!(symbols.len() > 500, "{} symbols", symbols.len());

    let exported = exported_symbols(&common::lib_dir().join("libController.so"));
    let missing: Vec<_> = symbols.iter().filter(|(n, _, _)| !exported.contains(n)).map(|(n, _, _)| n).collect();
    assert!(missing.is_empty(), "not exported: {missing:?}");

    // looked up as that package does (functions by name, data with ctypes' in_dll), the data symbols
    // holding the values of our package's constants (Brake's two are the other engineer's class)
    let p = Project::new();
    let listed: Vec<_> = symbols.iter().map(|(n, k, _)| (n.as_str(), k.as_str())).collect();
    let code = format!(
        "import ctypes\nfrom controller import AnsiCodes, Field, Keyboard, Node\nfrom controller.wb import lib\n\
         classes = [('NODE_', Node), ('KEYBOARD_', Keyboard), ('ANSI_', AnsiCodes), ('SF_', Field), ('MF_', Field)]\n\
         resolved = 0\n\
         for name, kind in {listed:?}:\n\
         \x20   if kind == 'function':\n\
         \x20       getattr(lib, name)\n\
         \x20   else:\n\
         \x20       value = (ctypes.c_int if kind == 'int' else ctypes.c_char_p).in_dll(lib, name).value\n\
         \x20       value = value.decode() if kind == 'string' else value\n\
         \x20       short = name[len('wb_'):]\n\
         \x20       for prefix, cls in classes:\n\
         \x20           if short.startswith(prefix):\n\
         \x20               attribute = short[len(prefix):] if cls is not Field else short\n\
         \x20               if getattr(cls, attribute) != value:\n\
         \x20                   print(name, repr(value), 'but', cls.__name__, attribute, repr(getattr(cls, attribute)))\n\
         \x20   resolved += 1\n\
         print('resolved', resolved)\n"
    );
    assert_eq!(python(&p, &code), format!("resolved {}\n", symbols.len()));
}

#[test]
fn the_sensors_computed_from_the_world_through_the_python_api() {
    let p = Project::new();
    p.world("sensors.wbt", &common::sensing_world("sensor_reader"));
    p.python_controller("sensor_reader", "sensor_reader");
    let out = p.run_with_home("sensors.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let (sin, cos) = ((0.25f64.sin() * 1e6).round() / 1e6, (0.25f64.cos() * 1e6).round() / 1e6);
    assert_eq!(
        lines(&out, "sensing"),
        [
            "classes: ['GPS', 'Gyro', 'Accelerometer', 'InertialUnit', 'DistanceSensor', 'TouchSensor']".to_string(),
            "constants: 0 1 2 3 2".to_string(),
            "gps: 0 46° 30′ 45″".to_string(),
            "ds: 0 1.5708 0.0 1000.0 [0.0, 0.0, 0.0, 0.1, 1000.0, 0.0]".to_string(),
            "gyro table: [-10.0, -20.0, 0.0, 10.0, 20.0, 0.0] accelerometer table: []".to_string(),
            "bumper: 0 [0.0, 0.0, 0.0, 5000.0, 50000.0, 0.0] noise: 0.0".to_string(),
            "before the first sample: [nan, nan, nan] nan".to_string(),
            "sampling periods: [32, 32, 32, 32, 32, 32]".to_string(),
            "gps: [1.0, 2.0, 0.5] nan".to_string(),
            format!("roll, pitch, yaw: [0.0, 0.0, 0.5] quaternion: [0.0, 0.0, {sin}, {cos}]"),
            "gyro: [0.0, 0.0, 0.0] accelerometer: [0.0, 0.0, 9.81]".to_string(),
            "distance: 500.0 bumper: 1.0 None".to_string(),
            "speed: 0.0 [0.0, 0.0, 0.0]".to_string(),
            "disabled: 0".to_string(),
        ]
    );
    out.assert_stderr_has(
        "[sensing] Error: wb_gps_get_values() called for a disabled device! Please use: wb_gps_enable().",
    );
    out.assert_stderr_has(
        "[sensing] Error: wb_touch_sensor_get_values() must be used with a TouchSensor of type \"force-3d\"",
    );
}

#[test]
fn a_python_robot_drives_a_joint_and_switches_an_led() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot(
            "arm",
            "arm",
            "children [ HingeJoint { device [ RotationalMotor { name \"hinge motor\" maxVelocity 2 } \
               PositionSensor { name \"hinge sensor\" } Brake { name \"hinge brake\" } ] endPoint Solid { } } \
             SliderJoint { device [ LinearMotor { name \"slider motor\" } ] endPoint Solid { } } \
             LED { name \"lamp\" } ]",
        );
    p.world("arm.wbt", &world);
    p.python_controller("arm", "joint_devices");
    let out = p.run_with_home("arm.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        lines(&out, "arm"),
        [
            "hinge motor is a Motor",
            "hinge sensor is a PositionSensor",
            "hinge brake is a Brake",
            "slider motor is a Motor",
            "lamp is a LED",
            "beside the motor: hinge sensor hinge brake",
            "beside the sensor: hinge motor hinge brake",
            "beside the brake: hinge motor hinge sensor",
            "types: True True True",
            "slider motor has a sensor: False",
            "limits: 2.0 10.0 1.0",
            "target: 0.3 1.0",
            "TypeError: Motor.setPosition(): position must be a number, not str",
            "hinge at 0.300000",
            "lamp: 0",
            "lamp: 3",
        ]
    );
}
