//! The robot and device API seen from a real C controller, through the runner and in-process.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 16 }
Viewpoint { position 0 0 10 }
DEF TESTER Robot {
  translation 1 2 0
  name "api tester"
  model "tester model"
  customData "initial data"
  controller "robot_api"
  controllerArgs [ "alpha" "beta gamma" ]
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

/// The stderr lines the controller's deliberate misuses must produce, in Webots' words.
const EXPECTED_ERRORS: &[&str] = &[
    "Error: wb_robot_get_device() called with NULL or empty argument.",
    "Warning: \"nope\" device not found.",
    "Error: The index of wb_robot_get_device_by_index() is out of the bounds.",
    "Error: wb_robot_set_mode() cannot set mode to 5.",
    "Error: wb_robot_battery_sensor_get_value() called for a disabled device! Please use: wb_robot_battery_sensor_enable().",
    "Warning: robot_step_begin() called multiple times before calling wb_robot_step_end().",
    "Error: wb_robot_wait_for_user_input_event() called with an event type including the keyboard, but the keyboard is disabled, please enable it with wb_keyboard_enable().",
    "Error: wb_robot_wait_for_user_input_event() called with an event type including the mouse, but the mouse is disabled, please enable it with wb_mouse_enable().",
];

#[test]
fn robot_api_through_the_runner() {
    let p = Project::new();
    p.world("robot_api.wbt", WORLD);
    p.controller("robot_api", "robot_api");
    let out = p.run("robot_api.wbt", &[]);
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[api tester] robot_api: all checks passed at t=0.096");
    for line in EXPECTED_ERRORS {
        out.assert_stderr_has(&format!("[api tester] {line}"));
    }
    // the empty-name error comes twice (empty string, then NULL); the index error twice (6, then -1)
    assert_eq!(out.stderr.matches("called with NULL or empty argument").count(), 2);
    assert_eq!(out.stderr.matches("is out of the bounds").count(), 2);
    // once the keyboard is enabled, waiting for it is no longer an error
    assert_eq!(out.stderr.matches("but the keyboard is disabled").count(), 1);
    out.assert_stderr_has("'api tester' controller exited successfully");
}

#[test]
fn robot_api_in_process() {
    let p = Project::new();
    let world = p.world("robot_api.wbt", WORLD);
    p.controller("robot_api", "robot_api");
    let out = p.run_controller(
        "robot_api",
        &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_ROBOT_NAME", "api tester")],
    );
    assert!(out.status.success(), "controller failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("robot_api: all checks passed at t=0.096");
    for line in EXPECTED_ERRORS {
        out.assert_stderr_has(line);
    }
}

#[test]
fn in_process_picks_the_only_robot_with_a_controller() {
    let p = Project::new();
    let world = p.world("robot_api.wbt", WORLD);
    p.controller("robot_api", "robot_api");
    let out = p.run_controller("robot_api", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap())]);
    assert!(out.status.success(), "controller failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("all checks passed");
}

#[test]
fn in_process_with_an_unknown_robot_name_says_so() {
    let p = Project::new();
    let world = p.world("robot_api.wbt", WORLD);
    p.controller("robot_api", "robot_api");
    let out = p
        .run_controller("robot_api", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_ROBOT_NAME", "ghost")]);
    assert_eq!(out.status.code(), Some(1));
    out.assert_stderr_has("the world has no robot named 'ghost'");
}

#[test]
fn in_process_with_a_broken_world_names_the_place() {
    let p = Project::new();
    let world = p.world("broken.wbt", "#VRML_SIM R2025a utf8\nRobot {\n  name \"x\"\n  controller 12 ]\n");
    p.controller("robot_api", "robot_api");
    let out = p.run_controller("robot_api", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap())]);
    assert_eq!(out.status.code(), Some(1));
    out.assert_stderr_has("cannot load world:");
    out.assert_stderr_has("broken.wbt:4:");
}

#[test]
fn a_controller_with_no_world_explains_how_to_run_it_and_exits_1() {
    let p = Project::new();
    p.controller("robot_api", "robot_api");
    let out = p.run_controller("robot_api", &[]);
    assert_eq!(out.status.code(), Some(1));
    out.assert_stderr_has("not connected to a world");
    out.assert_stderr_has("webots-shim run");
    out.assert_stderr_has("WEBOTS_SHIM_WORLD");
    assert_eq!(out.stderr.lines().count(), 4, "one message:\n{}", out.stderr);
    assert!(out.elapsed.as_secs() < 5, "it must not wait");
}

#[test]
fn a_controller_declaring_webots_prototypes_itself_links_and_runs() {
    let p = Project::new();
    let world = p.world(
        "abi.wbt",
        "#VRML_SIM R2025a utf8\nRobot { name \"abi\" controller \"webots_abi\" children [ Emitter { name \"em\" } ] }\n",
    );
    // compiled without our include folder on the path: only its own declarations
    let dir = p.path().join("controllers/webots_abi");
    std::fs::create_dir_all(&dir).unwrap();
    let lib = common::lib_dir();
    let mut cc = common::compiler(false);
    cc.arg("-std=gnu89")
        .arg("-Wno-strict-prototypes")
        .arg("-Wno-cast-function-type")
        .arg(common::manifest_dir().join("tests/c/webots_abi.c"))
        .arg("-o")
        .arg(dir.join("webots_abi"))
        .arg(format!("-L{}", lib.display()))
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-lController");
    let built = cc.output().unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let out = p.run_controller("webots_abi", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap())]);
    assert!(out.status.success(), "status {:?}\n{}\n{}", out.status, out.stdout, out.stderr);
    assert_eq!(out.stdout.trim(), "abi at 0.064: same ABI");
}

#[test]
fn one_long_step_hands_over_the_last_samples_taken_within_it() {
    // Webots' robot_multiple_step: sensors at 96 ms, one step of 160 ms (samples at 96, none at 128 or
    // 160), a supervisor moves the robot at 128 ms; one more step of 32 ms takes the sample at 192 ms
    let p = Project::new();
    p.controller("multi_step_reader", "multi_step_reader");
    p.controller("mover_at", "mover_at");
    p.world(
        "multi.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"mover\" supervisor TRUE controller \"mover_at\" controllerArgs [ \"0.128\" \"1\" \"2\" \"0\" \"1.5707963267948966\" ] }\n\
         DEF TARGET Robot { name \"reader\" controller \"multi_step_reader\" children [ GPS { } Compass { } \
           DistanceSensor { name \"ds\" } \
           TouchSensor { name \"ts\" translation 0.06 0 0 boundingObject Sphere { radius 0.01 } } ] }\n\
         Solid { translation 1 2.09 0 boundingObject Box { size 0.1 0.05 0.1 } }\n",
    );
    let out = p.run("multi.wbt", &["--until", "0.3"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // north is +y (ENU): the robot turned a quarter to the left has it along its own +x; so does the
    // box, its near side 0.065 m from the distance sensor (default table: 650) and crossing the bumper
    // (a 1 cm ball 6 cm ahead)
    assert_eq!(
        out.robot_lines("reader"),
        [
            "t=0.160 gps 0.000 0.000 0.000 compass 0.000 1.000 0.000 ds 1000.000 ts 0",
            "t=0.192 gps 1.000 2.000 0.000 compass 1.000 0.000 0.000 ds 650.000 ts 1",
        ]
    );
}

#[test]
fn values_read_between_step_begin_and_end_are_the_last_step_s_while_the_robot_moves() {
    // Webots' robot_parallel_step: a move written between begin and end travels with the next begin
    // and shows at that step's end; north is +y (ENU), along the robot's +x once it turned a quarter left
    let p = Project::new();
    p.controller("parallel_step_pose", "parallel_step_pose");
    p.world(
        "parallel.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"r\" translation 0.1 0 0.1 supervisor TRUE controller \"parallel_step_pose\" \
           children [ GPS { } Compass { } DistanceSensor { name \"ds\" } ] }\n\
         Solid { translation -0.05 0.09 0.1 boundingObject Box { size 0.1 0.05 0.1 } }\n",
    );
    let out = p.run("parallel.wbt", &["--until", "0.3"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // the distance sensor (default table: 1000 at 0.1 m) looks along the robot's +x: past the box at
    // the start and back there; turned at (-0.05, 0, 0.1) it faces the box's near side 0.065 m away
    assert_eq!(
        out.robot_lines("r"),
        [
            "step 2, between: gps 0.100 0.000 0.100 compass 0.000 1.000 0.000 ds 1000.000",
            "step 3, between: gps -0.050 0.000 0.100 compass 1.000 0.000 0.000 ds 650.000",
            "step 3, later: gps -0.050 0.000 0.100 compass 1.000 0.000 0.000 ds 650.000",
            "step 3, after: gps 0.100 0.000 0.100 compass 0.000 1.000 0.000 ds 1000.000",
        ]
    );
}

#[test]
fn a_nested_robot_keeps_its_devices_and_rides_with_its_parent() {
    // Webots' robot_nested: the outer robot's device lookup stops at the inner Robot; 1 m/s up for one
    // 16 ms step (no gravity) carries the inner robot, 0.1 m beside it, 0.016 m up
    let p = Project::new();
    p.controller("nested_parent", "nested_parent");
    p.world(
        "nested.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 gravity 0 }\n\
         Robot { name \"outer\" supervisor TRUE controller \"nested_parent\" boundingObject Box { size 0.05 0.05 0.05 } \
           physics Physics { } children [ DEF INNER Robot { name \"inner\" translation 0 0.1 0 controller \"<none>\" \
             children [ GPS { } ] } ] }\n",
    );
    let out = p.run("nested.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("outer"), ["inner gps from the outer robot: 0", "inner robot at 0.0000 0.1000 0.0160"]);
}

#[test]
fn robots_nested_at_every_depth_and_behind_joints_and_slots_run_and_see_only_their_own_devices() {
    // the inner robots of Webots' robot_nested world: a child, a grandchild, one in a Group, one on a
    // HingeJoint's endPoint, one behind two Slots; each runs its controller and finds its own device only
    let p = Project::new();
    p.controller("nested_child", "nested_child");
    let inner = |name: &str, place: &str, kids: &str| {
        format!(
            "Robot {{ name \"{name}\" controller \"nested_child\" controllerArgs [ \"{place}\" ] \
             children [ Compass {{ name \"own\" }} {kids} ] }}"
        )
    };
    let grandchild = inner("grandchild", "three levels", "");
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n\
         Robot {{ name \"outer\" controller \"<none>\" children [ Gyro {{ }} {child} Group {{ children [ {group} \
           HingeJoint {{ endPoint Solid {{ children [ {joint} ] }} }} \
           Slot {{ endPoint Slot {{ endPoint {slot} }} }} ] }} ] }}\n",
        child = inner("child", "direct child", &grandchild),
        group = inner("brother", "group child", ""),
        joint = inner("sister", "joint end point", ""),
        slot = inner("slot brother", "slot end point", ""),
    );
    p.world("nested.wbt", &world);
    let out = p.run("nested.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    for (robot, place) in [
        ("child", "direct child"),
        ("grandchild", "three levels"),
        ("brother", "group child"),
        ("sister", "joint end point"),
        ("slot brother", "slot end point"),
    ] {
        assert_eq!(
            out.robot_lines(robot),
            [format!("{place}: outer gyro not found, own compass found, 1 devices")],
            "{}",
            out.stderr
        );
    }
}
