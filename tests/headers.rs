//! The generated headers: each compiles on its own as C99 and as C++17 with warnings as errors, and
//! the ABI facts controllers compile in (tag width, `bool` as `char` in C, node type values) hold.

mod common;

use std::path::PathBuf;

/// Every C header, those of `utils/` and `plugins/robot_window/` included.
fn headers() -> Vec<PathBuf> {
    let mut hs = Vec::new();
    let mut dirs = vec![common::include_dir().join("webots")];
    while let Some(dir) = dirs.pop() {
        for p in std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()) {
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "h") {
                hs.push(p);
            }
        }
    }
    hs.sort();
    hs
}

fn compile(source: &str, cpp: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(if cpp { "t.cpp" } else { "t.c" });
    std::fs::write(&file, source).unwrap();
    let mut cmd = common::compiler(cpp);
    cmd.arg(if cpp { "-std=c++17" } else { "-std=c99" })
        .arg("-pedantic")
        .arg("-I")
        .arg(common::include_dir())
        .arg("-c")
        .arg(&file)
        .arg("-o")
        .arg(dir.path().join("t.o"));
    let out = cmd.output().unwrap();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn the_spine_headers_exist() {
    let names: Vec<String> = headers().iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for h in ["types.h", "nodes.h", "device.h", "robot.h"] {
        assert!(names.contains(&h.to_string()), "missing {h}: {names:?}");
    }
}

#[test]
fn each_header_compiles_alone_as_c99_and_cpp17() {
    let root = common::include_dir().join("webots");
    for h in headers() {
        let name = h.strip_prefix(&root).unwrap().to_string_lossy();
        let source = format!("#include <webots/{name}>\nint main(void) {{ return 0; }}\n");
        compile(&source, false).unwrap_or_else(|e| panic!("{name} as C99:\n{e}"));
        compile(&source.replace("(void)", "()"), true).unwrap_or_else(|e| panic!("{name} as C++17:\n{e}"));
    }
}

#[test]
fn abi_facts_hold_in_c_and_cpp() {
    let source = r#"
#include <webots/robot.h>
#include <webots/device.h>
#define ASSERT(name, cond) typedef char name[(cond) ? 1 : -1]
ASSERT(tag_is_unsigned_short, sizeof(WbDeviceTag) == sizeof(unsigned short) && (WbDeviceTag)-1 > 0);
ASSERT(bool_is_one_byte, sizeof(bool) == 1);
ASSERT(no_node, WB_NODE_NO_NODE == 0);
ASSERT(pose, WB_NODE_POSE == 26);
ASSERT(robot, WB_NODE_ROBOT == 34);
ASSERT(compass, WB_NODE_COMPASS == 39);
ASSERT(connector, WB_NODE_CONNECTOR == 40);
ASSERT(emitter, WB_NODE_EMITTER == 43);
ASSERT(receiver, WB_NODE_RECEIVER == 56);
ASSERT(vacuum_gripper, WB_NODE_VACUUM_GRIPPER == 61);
ASSERT(world_info, WB_NODE_WORLD_INFO == 84);
ASSERT(radio, WB_NODE_RADIO == 87);
ASSERT(event_quit, WB_EVENT_QUIT == -1 && WB_EVENT_JOYSTICK_POV == 32);
ASSERT(modes, WB_MODE_SIMULATION == 0 && WB_MODE_REMOTE_CONTROL == 2);
ASSERT(joints, WB_ROTATIONAL == 0 && WB_LINEAR == 1 && WB_ANGULAR == 0);
int main(void) { return 0; }
"#;
    compile(source, false).unwrap_or_else(|e| panic!("C:\n{e}"));
    compile(&source.replace("(void)", "()"), true).unwrap_or_else(|e| panic!("C++:\n{e}"));
}

#[test]
fn in_c_bool_is_char_as_in_webots() {
    let source = r#"
#include <webots/robot.h>
#define ASSERT(name, cond) typedef char name[(cond) ? 1 : -1]
ASSERT(bool_is_char, sizeof(bool) == sizeof(char) && (bool)2 == 2);
int main(void) { return 0; }
"#;
    compile(source, false).unwrap_or_else(|e| panic!("C:\n{e}"));
}

/// A C++ file compiled against an installed home, with the C++ include folder on the path and, when
/// `with_c`, the C one (without it, the C++ headers must reach the C ones by relative path, as Webots'
/// do).
fn compile_cpp_installed(source: &str, with_c: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    common::install_home(dir.path());
    let file = dir.path().join("t.cpp");
    std::fs::write(&file, source).unwrap();
    let mut cmd = common::compiler(true);
    cmd.args(["-std=c++17", "-pedantic", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(dir.path().join("include/controller/cpp"));
    if with_c {
        cmd.arg("-I").arg(dir.path().join("include/controller/c"));
    }
    let out = cmd.arg("-c").arg(&file).arg("-o").arg(dir.path().join("t.o")).output().unwrap();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The C++ headers, as `#include <webots/...>` names them.
fn cpp_headers() -> Vec<String> {
    let mut hs = Vec::new();
    for folder in ["", "utils/"] {
        for e in std::fs::read_dir(common::include_dir().join("webots").join(folder)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|e| e == "hpp") {
                hs.push(format!("{folder}{}", p.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    hs.sort();
    hs
}

#[test]
fn each_cpp_header_compiles_alone_in_an_installed_home() {
    let names = cpp_headers();
    for h in [
        "Device.hpp",
        "Robot.hpp",
        "Emitter.hpp",
        "Receiver.hpp",
        "Keyboard.hpp",
        "Mouse.hpp",
        "Joystick.hpp",
        "Compass.hpp",
        "Connector.hpp",
        "GPS.hpp",
        "Gyro.hpp",
        "Accelerometer.hpp",
        "InertialUnit.hpp",
        "DistanceSensor.hpp",
        "TouchSensor.hpp",
        "Supervisor.hpp",
        "Node.hpp",
        "Field.hpp",
        "Proto.hpp",
        "Altimeter.hpp",
        "Camera.hpp",
        "Display.hpp",
        "ImageRef.hpp",
        "Lidar.hpp",
        "LightSensor.hpp",
        "Pen.hpp",
        "Radar.hpp",
        "RangeFinder.hpp",
        "Skin.hpp",
        "Speaker.hpp",
        "VacuumGripper.hpp",
        "utils/Motion.hpp",
        "utils/AnsiCodes.hpp",
    ] {
        assert!(names.contains(&h.to_string()), "missing {h}: {names:?}");
    }
    for name in names {
        compile_cpp_installed(&format!("#include <webots/{name}>\nint main() {{ return 0; }}\n"), false)
            .unwrap_or_else(|e| panic!("{name} as C++17 with -Wall -Wextra -Werror:\n{e}"));
    }
}

#[test]
fn mixing_the_c_and_cpp_apis_warns_unless_allowed() {
    // either order: a C header after a C++ one, or a C++ header after a C one
    for (first, second) in [("Emitter.hpp", "emitter.h"), ("emitter.h", "Emitter.hpp")] {
        let mixed = format!("#include <webots/{first}>\n#include <webots/{second}>\nint main() {{ return 0; }}\n");
        let err = compile_cpp_installed(&mixed, true).expect_err(&format!("{first} then {second} must warn"));
        assert!(err.contains("Mixing the C and C++ APIs"), "{err}");
        compile_cpp_installed(&format!("#define WB_ALLOW_MIXING_C_AND_CPP_API\n{mixed}"), true)
            .unwrap_or_else(|e| panic!("{first} then {second}, allowed:\n{e}"));
    }
}

#[test]
fn cpp_enums_have_the_c_values() {
    // every WbNodeType name of nodes.h is a Node::Type of the same value, and likewise for the rest
    let nodes = std::fs::read_to_string(common::include_dir().join("webots/nodes.h")).unwrap();
    let mut names: Vec<&str> = nodes
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter_map(|w| w.strip_prefix("WB_NODE_"))
        .collect();
    names.dedup();
    assert_eq!(names.len(), 88, "{names:?}");
    let mut source = String::from(
        "#define WB_ALLOW_MIXING_C_AND_CPP_API\n#include <webots/nodes.h>\n#include <webots/supervisor.h>\n\
         #include <webots/robot.h>\n#include <webots/Node.hpp>\n#include <webots/Field.hpp>\n\
         #include <webots/Supervisor.hpp>\n#include <webots/Keyboard.hpp>\n#include <webots/keyboard.h>\n\
         #include <webots/Emitter.hpp>\n#include <webots/emitter.h>\n\
         #include <webots/DistanceSensor.hpp>\n#include <webots/distance_sensor.h>\n\
         #include <webots/TouchSensor.hpp>\n#include <webots/touch_sensor.h>\n\
         #include <webots/GPS.hpp>\n#include <webots/gps.h>\n",
    );
    for n in &names {
        source.push_str(&format!("static_assert(int(webots::Node::{n}) == int(WB_NODE_{n}), \"{n}\");\n"));
    }
    for f in ["NO_FIELD", "SF_BOOL", "SF_NODE", "MF", "MF_BOOL", "MF_STRING", "MF_NODE"] {
        source.push_str(&format!("static_assert(int(webots::Field::{f}) == int(WB_{f}), \"{f}\");\n"));
    }
    for m in ["PAUSE", "REAL_TIME", "FAST"] {
        source.push_str(&format!(
            "static_assert(int(webots::Supervisor::SIMULATION_MODE_{m}) == int(WB_SUPERVISOR_SIMULATION_MODE_{m}), \"{m}\");\n"
        ));
    }
    for e in ["QUIT", "NO_EVENT", "MOUSE_CLICK", "KEYBOARD", "JOYSTICK_POV"] {
        source.push_str(&format!("static_assert(int(webots::Robot::EVENT_{e}) == int(WB_EVENT_{e}), \"{e}\");\n"));
    }
    for k in ["END", "PAGEDOWN", "NUMPAD_END", "KEY", "SHIFT", "CONTROL", "ALT"] {
        source.push_str(&format!("static_assert(int(webots::Keyboard::{k}) == int(WB_KEYBOARD_{k}), \"{k}\");\n"));
    }
    source.push_str("static_assert(int(webots::Emitter::CHANNEL_BROADCAST) == WB_CHANNEL_BROADCAST, \"broadcast\");\n");
    for t in ["GENERIC", "INFRA_RED", "SONAR", "LASER"] {
        source.push_str(&format!(
            "static_assert(int(webots::DistanceSensor::{t}) == int(WB_DISTANCE_SENSOR_{t}), \"{t}\");\n"
        ));
    }
    for t in ["BUMPER", "FORCE", "FORCE3D"] {
        source
            .push_str(&format!("static_assert(int(webots::TouchSensor::{t}) == int(WB_TOUCH_SENSOR_{t}), \"{t}\");\n"));
    }
    for c in ["LOCAL", "WGS84"] {
        source.push_str(&format!("static_assert(int(webots::GPS::{c}) == int(WB_GPS_{c}_COORDINATE), \"{c}\");\n"));
    }
    source
        .push_str("static_assert(int(webots::Robot::MODE_REMOTE_CONTROL) == int(WB_MODE_REMOTE_CONTROL), \"mode\");\n");
    source.push_str("int main() { return 0; }\n");
    compile_cpp_installed(&source, true).unwrap_or_else(|e| panic!("{e}"));
}
