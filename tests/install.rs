//! The Webots-like install: a controller folder with Webots' usual Makefile builds unchanged against
//! `resources/Makefile.include`, runs without LD_LIBRARY_PATH, and the example project works.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            if e.file_name() != "build" {
                copy_tree(&e.path(), &target);
            }
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// The example project copied into `tmp` with its controllers built by their own Makefiles against a
/// home installed there (warnings as errors): the home and the project.
fn built_example_project(tmp: &Path) -> (PathBuf, PathBuf) {
    let home = tmp.join("webots home");
    common::install_home(&home);
    let project = tmp.join("project");
    copy_tree(&common::manifest_dir().join("c_examples"), &project);
    // the rover's `bearing` is a Python controller: nothing to build
    for name in EXAMPLE_CONTROLLERS.iter().chain(&["bearing"]) {
        let _ = std::fs::remove_file(project.join("controllers").join(name).join(name));
    }
    let make = Command::new("make")
        .arg("-C")
        .arg(project.join("controllers"))
        .env("WEBOTS_HOME", &home)
        .env("TREAT_WARNINGS_AS_ERRORS", "1")
        .output()
        .expect("make runs");
    assert!(
        make.status.success(),
        "make failed:\n{}\n{}",
        String::from_utf8_lossy(&make.stdout),
        String::from_utf8_lossy(&make.stderr)
    );
    for name in EXAMPLE_CONTROLLERS {
        assert!(project.join("controllers").join(name).join(name).is_file(), "{name} was not built");
    }
    (home, project)
}

const EXAMPLE_CONTROLLERS: [&str; 13] = [
    "ticker",
    "inspector",
    "relay",
    "beacon",
    "listener",
    "turntable",
    "tug",
    "cargo",
    "eavesdropper",
    "physicist",
    "avoider",
    "flocker",
    "reacher",
];

#[test]
fn the_example_project_builds_with_its_makefiles_and_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let (home, project) = built_example_project(tmp.path());
    let out = Command::new(common::runner())
        .arg("run")
        .arg(project.join("worlds/shim_demo.wbt"))
        .arg("--until")
        .arg("1")
        .env("WEBOTS_SHIM_TMPDIR", tmp.path())
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("[fast ticker] t = 0.256 s after 8 steps"), "{stdout}");
    assert!(stdout.contains("[slow ticker] the run is over at t = 1.008 s after 10 steps"), "{stdout}");
    assert!(stdout.contains("[inspector] 4 devices:"), "{stdout}");
    assert!(stdout.contains("[inspector]   tag 4: Connector  dock"), "{stdout}");
    assert!(stdout.contains("custom data now 'inspected'"), "{stdout}");

    let out = Command::new(common::runner())
        .arg("run")
        .arg(project.join("worlds/radio_demo.wbt"))
        .arg("--until")
        .arg("2.5")
        .env("WEBOTS_SHIM_TMPDIR", tmp.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    // one step of latency per hop, 32 ms steps
    for id in 0..=2 {
        let line = format!("[relay 4] message {id} crossed 4 hops in 0.128 s (last hop signal 1.00)");
        assert!(stdout.contains(&line), "{stdout}");
    }
    assert!(stdout.contains("[listener behind the wall] never heard the beacon"), "{stdout}");
    // the C++ example: only the two relays within their emitters' 1.2 m are heard, from 0.71 m away
    for relay in 1..=2 {
        let line = format!("[eavesdropper] overheard relay {relay}: 3 packets, signal 2.00");
        assert!(stdout.contains(&line), "{stdout}");
    }
    assert!(!stdout.contains("overheard relay 0") && !stdout.contains("overheard relay 3"), "{stdout}");
    assert!(
        stdout.contains("[listener in sight] heard the beacon 77 times, last from direction (1.00, 0.00, 0.00)"),
        "{stdout}"
    );

    // the supervisor (C) ends this run itself, with status 0; the rover is a Python controller
    let stdout = run_example(&project, &home, tmp.path(), "compass_demo.wbt", &[]);
    // turning left by 45 degrees every 0.512 s takes 45 degrees off the bearing, a step later
    for line in [
        "[rover] t = 0.032 s: bearing  90.0 deg",
        "[rover] t = 0.544 s: bearing  45.0 deg",
        "[rover] t = 1.056 s: bearing   0.0 deg",
        "[rover] t = 1.568 s: bearing 315.0 deg",
        "[turntable] full circle: quitting",
    ] {
        assert!(stdout.contains(line), "{line:?} missing:\n{stdout}");
    }

    let stdout = run_example(&project, &home, tmp.path(), "docking_demo.wbt", &["--until", "10"]);
    for line in [
        "[tug] docked at t=2.592 s, the tug at x=0.79: the cargo snapped to x=0.995",
        "[tug] towed: the cargo is at (0.990, 1.000)",
        "[tug] turned: the cargo swung round to (0.790, 1.200)",
        "[tug] released: the cargo stays at (0.790, 1.200), the hook sees nothing",
        "[cargo] t=2.592 s: a tug is at my socket",
    ] {
        assert!(stdout.contains(line), "{line:?} missing:\n{stdout}");
    }
}

/// The numbers of a line, in order (signs and decimals kept).
fn numbers(line: &str) -> Vec<f64> {
    line.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
        .filter_map(|w| w.trim_end_matches('.').parse().ok())
        .collect()
}

#[test]
fn the_motion_examples_match_mechanics_and_their_goals() {
    let tmp = tempfile::tempdir().unwrap();
    let (home, project) = built_example_project(tmp.path());

    // the supervisor's measurements against the textbook: each within 1 %
    let stdout = run_example(&project, &home, tmp.path(), "physics_demo.wbt", &[]);
    let checks: Vec<&str> = stdout.lines().filter(|l| l.contains("predicted")).collect();
    assert_eq!(checks.len(), 4, "{stdout}");
    for line in checks {
        let n = numbers(line.split("measured").nth(1).unwrap());
        let (measured, predicted) = (n[0], n[1]);
        assert!((measured - predicted).abs() / predicted < 0.01, "{line}");
    }

    // the avoider drives on for a minute without touching anything
    let stdout = run_example(&project, &home, tmp.path(), "avoider_demo.wbt", &[]);
    let line = stdout.lines().find(|l| l.starts_with("[avoider] drove")).expect(&stdout);
    let n = numbers(line);
    assert!(n[0] > 5.0, "{line}");
    assert!(line.contains("touched 0 time(s)"), "{line}");

    // the swarm spreads to its spacing (0.35 m) and stays together
    let stdout = run_example(&project, &home, tmp.path(), "swarm_demo.wbt", &[]);
    let ends: Vec<&str> = stdout.lines().filter(|l| l.contains("nearest neighbour")).collect();
    assert_eq!(ends.len(), 8, "{stdout}");
    for line in ends {
        let nearest = numbers(line.split("neighbour").nth(1).unwrap())[0];
        assert!((0.25..0.6).contains(&nearest), "{line}");
    }

    // the arm puts its tip on each target, to a millimetre
    let stdout = run_example(&project, &home, tmp.path(), "arm_demo.wbt", &[]);
    let reached: Vec<&str> = stdout.lines().filter(|l| l.contains("mm off")).collect();
    assert_eq!(reached.len(), 5, "{stdout}");
    for line in reached {
        let off = numbers(line.rsplit(',').next().unwrap())[0];
        assert!(off < 1.0, "{line}");
    }
}

/// Runs one of the example worlds with the runner; asserts it succeeds and returns its stdout.
fn run_example(project: &Path, home: &Path, run_dir: &Path, world: &str, args: &[&str]) -> String {
    let out = Command::new(common::runner())
        .arg("run")
        .arg(project.join("worlds").join(world))
        .args(args)
        .env("WEBOTS_HOME", home)
        .env("WEBOTS_SHIM_TMPDIR", run_dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{world}: {stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    stdout
}

#[test]
fn makefile_include_requires_webots_home() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("p");
    copy_tree(&common::manifest_dir().join("c_examples"), &project);
    let make = Command::new("make")
        .arg("-f")
        .arg(common::manifest_dir().join("src/install/Makefile.include"))
        .current_dir(project.join("controllers/ticker"))
        .env_remove("WEBOTS_HOME")
        .output()
        .unwrap();
    assert!(!make.status.success());
    assert!(String::from_utf8_lossy(&make.stderr).contains("The WEBOTS_HOME environment variable is not defined."));
}

#[test]
fn the_home_s_test_suite_files_build_with_its_makefile_and_run_a_test_world() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    common::install_home(&home);
    // what `make install` adds: the test-suite PROTOs and supervisor sources, built in place
    copy_tree(&common::manifest_dir().join("src/install/home"), &home);
    let supervisor = home.join("resources/projects/controllers/test_suite_supervisor");
    let make = Command::new("make")
        .arg("-C")
        .arg(&supervisor)
        .env("WEBOTS_HOME", &home)
        .env("TREAT_WARNINGS_AS_ERRORS", "1")
        .env("CFLAGS", "-Wextra")
        .output()
        .expect("make runs");
    assert!(make.status.success(), "{}", String::from_utf8_lossy(&make.stderr));
    assert!(supervisor.join("test_suite_supervisor").is_file());

    let project = tmp.path().join("project");
    std::fs::create_dir_all(project.join("worlds")).unwrap();
    let ctl = project.join("controllers/ts_test");
    std::fs::create_dir_all(&ctl).unwrap();
    common::compile_controller(&[common::manifest_dir().join("tests/c/ts_test.c")], &ctl.join("ts_test"));
    std::fs::write(
        project.join("worlds/ts.wbt"),
        "#VRML_SIM R2025a utf8\n\
         EXTERNPROTO \"webots://tests/default/protos/TestSuiteEmitter.proto\"\n\
         EXTERNPROTO \"webots://tests/default/protos/TestSuiteSupervisor.proto\"\n\
         Robot { name \"t\" controller \"ts_test\" controllerArgs [ \"installed\" ] children [ TestSuiteEmitter { } ] }\n\
         TestSuiteSupervisor { }\n",
    )
    .unwrap();
    let out = Command::new(common::runner())
        .arg("test")
        .arg(project.join("worlds/ts.wbt"))
        .arg("--until")
        .arg("5")
        .env("WEBOTS_HOME", &home)
        .env("WEBOTS_SHIM_TMPDIR", tmp.path())
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(project.join("output.txt")).unwrap(), "OK: installed\n");
}
