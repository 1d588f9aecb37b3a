//! The C++ API (`webots/*.hpp`, libCppController.so) as a Webots C++ user sees it: C++ controllers in
//! `tests/cpp/<name>/`, each built by its own Webots-style Makefile against an installed home and run
//! through the runner.

mod common;

use common::{twins, Project};

/// The world of tests/robot_api.rs, driven by the C++ controller.
const ROBOT_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 16 }
Robot {
  translation 1 2 0
  name "api tester"
  model "tester model"
  customData "initial data"
  controller "cpp_robot"
  battery [ 100 200 5 ]
  cpuConsumption 10
  children [
    Emitter { name "em" }
    Solid {
      name "body"
      children [ Receiver { name "rx" model "rx model" } ]
    }
    HingeJoint {
      device [ RotationalMotor { name "motor" } PositionSensor { name "encoder" } ]
      endPoint Solid { children [ Compass { name "compass" } ] }
    }
    Robot { name "nested" children [ Emitter { name "hidden emitter" } ] }
    Connector { name "dock" }
  ]
}
"#;

#[test]
fn robot_and_devices_through_the_cpp_api() {
    let p = Project::new();
    p.world("cpp_robot.wbt", ROBOT_WORLD);
    p.make_controller("cpp/cpp_robot");
    let out = p.run("cpp_robot.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[api tester] cpp_robot: all checks passed at t=0.112");
    for line in [
        "Error: wb_robot_get_device() called with NULL or empty argument.",
        "Warning: \"nope\" device not found.",
        "Error: The index of wb_robot_get_device_by_index() is out of the bounds.",
        "Robot::getData is deprecated, please use Robot::getCustomData instead",
        "Robot::setData is deprecated, please use Robot::setCustomData instead",
    ] {
        out.assert_stderr_has(&format!("[api tester] {line}"));
    }
    // getDevice("nope") and getEmitter("nope") both look the name up
    assert_eq!(out.stderr.matches("\"nope\" device not found").count(), 2, "{}", out.stderr);
    // the Robot's destructor said goodbye with wb_robot_cleanup
    out.assert_stderr_has("'api tester' controller exited successfully");
}

#[test]
fn a_second_robot_instance_stops_the_controller() {
    let p = Project::new();
    p.world(
        "two.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\nRobot { name \"twice\" controller \"cpp_two_robots\" }\n",
    );
    p.make_controller("cpp/cpp_two_robots");
    let out = p.run("two.wbt", &[]);
    out.assert_stdout_has("[twice] first robot stepped to t=0.016");
    out.assert_stderr_has("[twice] Only one instance of the Robot class should be created");
    assert!(!out.stdout.contains("a second robot exists"), "{}", out.stdout);
    out.assert_stderr_has("'twice' controller exited with status 255");
}

#[test]
fn emitter_and_receiver_through_the_cpp_api() {
    let p = Project::new();
    p.world("radio.wbt", &twins::radio_world("cpp_talker", "cpp_listener"));
    p.make_controller("cpp/cpp_talker");
    p.make_controller("cpp/cpp_listener");
    twins::check_radio(&p.run("radio.wbt", &[]));
}

/// The NEEDED entries of an ELF file.
fn needed(binary: &std::path::Path) -> String {
    let out = std::process::Command::new("readelf").arg("-d").arg(binary).output().expect("readelf runs");
    String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.contains("(NEEDED)")).collect::<Vec<_>>().join("\n")
}

#[test]
fn makefile_include_builds_cc_files_c_api_cpp_and_mixed_folders() {
    let p = Project::new();
    p.world(
        "build.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\n\
         Robot { name \"a\" controller \"cc_ext\" }\n\
         Robot { name \"b\" controller \"c_api_cpp\" }\n\
         Robot { name \"c\" controller \"mixed\" }\n",
    );
    let cc_ext = p.make_controller("cpp/cc_ext");
    let c_api = p.make_controller("cpp/c_api_cpp");
    let mixed = p.make_controller("cpp/mixed");
    assert!(needed(&cc_ext).contains("libCppController.so"), "{}", needed(&cc_ext));
    // USE_C_API: the C library only
    assert!(!needed(&c_api).contains("libCppController.so"), "{}", needed(&c_api));
    assert!(needed(&c_api).contains("libController.so"), "{}", needed(&c_api));
    assert!(needed(&mixed).contains("libCppController.so"), "{}", needed(&mixed));
    let out = p.run("build.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[a] cc_ext: a at t=0.016");
    out.assert_stdout_has("[b] c_api_cpp: b at t=0.016");
    out.assert_stdout_has("[c] mixed: hello from C at t=0.016");
}

#[test]
fn the_cpp_library_needs_the_c_library_beside_it() {
    let lib = common::cpp_lib();
    assert!(needed(&lib).contains("[libController.so]"), "{}", needed(&lib));
    let out = std::process::Command::new("readelf").arg("-d").arg(&lib).output().unwrap();
    let dynamic = String::from_utf8_lossy(&out.stdout);
    assert!(dynamic.contains("Library soname: [libCppController.so]"), "{dynamic}");
    assert!(dynamic.contains("[$ORIGIN]"), "{dynamic}");
}

#[test]
fn supervisor_nodes_fields_and_compass_through_the_cpp_api() {
    let p = Project::new();
    p.world("supervisor.wbt", &twins::supervisor_world("cpp_supervisor"));
    p.make_controller("cpp/cpp_supervisor");
    twins::check_supervisor(&p.run("supervisor.wbt", &[]), "cpp_supervisor");
}

/// A derived PROTO, a Solid with a child, and the supervisor with a motor for its motion file.
const SCENE_WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Wrap [ field SFFloat h 1 ] { Solid { name "wrap" } }
PROTO Outer [ field SFFloat height 2 ] { Wrap { h IS height } }
WorldInfo { basicTimeStep 32 }
Viewpoint { }
DEF BOX Solid { translation 1 0 0 name "box" children [ DEF KID Pose { translation 0 1 0 } ] }
DEF OUT Outer { height 3 }
DEF BOSS Robot {
  name "boss"
  controller "cpp_scene"
  supervisor TRUE
  children [ HingeJoint { device [ RotationalMotor { name "hip" } ] endPoint Solid { name "thigh" } } ]
}
"#;

#[test]
fn the_rest_of_the_supervisor_protos_and_motions_through_the_cpp_api() {
    let p = Project::new();
    p.world("scene.wbt", SCENE_WORLD);
    p.make_controller("cpp/cpp_scene");
    let out = p.run("scene.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[boss] cpp_scene: all checks passed at t=0.288");
    out.assert_stderr_has("webots-shim: label 3: cpp label");
    let saved = std::fs::read_to_string(p.path().join("controllers/cpp_scene/old.wbt")).unwrap();
    assert!(saved.contains("DEF NEW Solid {"), "{saved}");
}

#[test]
fn connector_through_the_cpp_api() {
    let p = Project::new();
    p.world("connector.wbt", &twins::connector_world("cpp_connector"));
    p.make_controller("cpp/cpp_connector");
    twins::check_connector(&p.run("connector.wbt", &[]), "cpp_connector");
}

#[test]
fn compass_through_the_cpp_api() {
    let p = Project::new();
    p.world("compass.wbt", &twins::compass_world("cpp_compass"));
    p.make_controller("cpp/cpp_compass");
    twins::check_compass(&p.run("compass.wbt", &[]), "cpp_compass");
}

#[test]
fn the_sensors_computed_from_the_world_through_the_cpp_api() {
    let p = Project::new();
    p.world("sensors.wbt", &common::sensing_world("cpp_sensors"));
    p.make_controller("cpp/cpp_sensors");
    let out = p.run("sensors.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[sensing] cpp_sensors: checks passed, distance 500.0");
    out.assert_stderr_has(
        "[sensing] Error: wb_touch_sensor_get_values() must be used with a TouchSensor of type \"force-3d\"",
    );
}

const DEVICES_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
PointLight { location 2 0 0.5 attenuation 0 0 1 }
Solid { translation 10 0 0.5 radarCrossSection 1 }
Robot {
  translation 0 0 0.5
  controller "cpp_devices"
  children [
    Camera { width 16 height 16 recognition Recognition { } }
    RangeFinder { width 9 height 5 maxRange 2 }
    Lidar { horizontalResolution 9 fieldOfView 1.0 numberOfLayers 1 maxRange 2 }
    Radar { }
    Display { }
    LightSensor { translation 1 0 0 }
    Altimeter { }
    Pen { }
    Speaker { }
    Skin { }
    VacuumGripper { }
  ]
}
Solid {
  translation 1 0 0.5
  model "red box"
  recognitionColors [ 1 0 0 ]
  children [ Shape { appearance Appearance { material Material { diffuseColor 1 0 0 emissiveColor 1 0 0 } } geometry Box { size 0.2 0.2 0.2 } } ]
  boundingObject Box { size 0.2 0.2 0.2 }
}
"#;

#[test]
fn cameras_sensors_displays_and_the_other_devices_through_the_cpp_api() {
    let p = Project::new();
    p.world("devices.wbt", DEVICES_WORLD);
    p.make_controller("cpp/cpp_devices");
    let out = p.run("devices.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[robot] cpp_devices: all checks passed at t=0.032");
    assert!(p.path().join("controllers/cpp_devices/copy.png").exists(), "{}", out.stderr);
}

#[test]
fn motor_position_sensor_brake_and_led_work_through_the_cpp_classes() {
    let p = Project::new();
    p.world("motor.wbt", &twins::motor_world("cpp_motor"));
    p.make_controller("cpp/cpp_motor");
    twins::check_motor(&p.run("motor.wbt", &[]), "cpp_motor");
}
