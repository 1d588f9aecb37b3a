//! The utility and plugin headers (utils/, console.h, plugins/robot_window/), motion files, the wait for
//! user input, and how launched controllers name their run and robot (Webots' WEBOTS_ROBOT_ID and
//! WEBOTS_INSTANCE_PATH, which a controller may clear to start an extern controller of its own).

mod common;

use common::Project;

#[test]
fn utils_console_and_robot_window_calls_behave_as_in_a_windowless_webots() {
    let p = Project::new();
    p.world(
        "utils.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nRobot { name \"r\" controller \"utils_api\" supervisor TRUE }\n",
    );
    p.controller("utils_api", "utils_api");
    let mut cmd = p.runner_command("utils.wbt", &[]);
    cmd.env("SHIM_TEST_VALUE", "forty two").env_remove("SHIM_TEST_UNSET");
    let out = cmd.output().expect("runner starts");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().filter_map(|l| l.strip_prefix("[r] ")).collect();
    // the macro puts the reset after the format, its newline included
    assert_eq!(lines, ["console out", "\x1b[32mgreen 3", "\x1b[0m\x1b[1mbold\x1b[0m", "utils_api: all checks passed"]);
    let errors: Vec<&str> = stderr.lines().filter_map(|l| l.strip_prefix("[r] ")).collect();
    assert_eq!(errors, ["Error: the robot window is not initialized", "console err"]);
}

#[test]
fn a_launched_controller_clearing_webots_variables_starts_an_extern_controller() {
    let p = Project::new();
    p.world(
        "spawn.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"parent\" controller \"spawn_extern\" }\nRobot { name \"extern1\" controller \"<extern>\" }\n",
    );
    p.controller("spawn_extern", "spawn_extern");
    let out = p.run("spawn.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // the child writes to the parent's output, which the runner forwards under the parent's name
    let lines = out.robot_lines("parent");
    assert!(lines.contains(&"child drives extern1".to_string()), "{}\n{}", out.stdout, out.stderr);
    assert!(lines.contains(&"parent parent at 0.160".to_string()), "{}", out.stdout);
    assert!(!out.stderr.contains("refused"), "{}", out.stderr);
}

const WALKER: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  name "walker"
  controller "motion_player"
  children [
    HingeJoint { device [ RotationalMotor { name "hip" } ] endPoint Solid { name "thigh" } }
    SliderJoint { device [ LinearMotor { name "knee" } ] endPoint Solid { name "shin" } }
    Emitter { name "radio" }
  ]
}
"#;

#[test]
fn motion_files_play_onto_the_motors_step_by_step() {
    let p = Project::new();
    p.world("walker.wbt", WALKER);
    // the program's own wb_motor_set_position stands in for the motors, so it must be exported
    p.controller_with("motion_player", "motion_player", &["-rdynamic"]);
    let out = p.run("walker.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[walker] motion_player: all checks passed at t=0.544");
    // every message is checked by the controller where it is provoked
    let stray: Vec<&str> = out.stderr.lines().filter(|l| l.contains("Error") || l.contains("Warning")).collect();
    assert!(stray.is_empty(), "{}", out.stderr);
}

#[test]
fn motion_files_play_onto_the_motors_step_by_step_from_python() {
    let p = Project::new();
    p.world("walker.wbt", WALKER);
    p.python_controller("motion_player", "motion_player");
    let out = p.run_with_home("walker.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[walker] motion_player: all checks passed at t=0.416");
    let stray: Vec<&str> = out.stderr.lines().filter(|l| l.contains("Error") || l.contains("Warning")).collect();
    assert!(stray.is_empty(), "{}", out.stderr);
}
