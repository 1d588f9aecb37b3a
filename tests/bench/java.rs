//! `make bench`: what a Java controller costs per step, next to the same controller in C, measured in
//! the same run (as tests/bench/python.rs does for Python): an idle loop, and one reading its compass and
//! sending a packet every step; in-process (the world in the controller's process: the language's own
//! overhead, JNI and the C++ layer included) and through the runner (one controller process in lockstep
//! over the socket). Each controller times its own loop (first step to the -1), so JVM start-up is not
//! counted; the JIT's warm-up is. Figures: steps per second and the Java/C ratio of the time per step.

#[path = "../common/mod.rs"]
mod common;

use std::process::{Command, Stdio};

const BASIC_MS: u32 = 8;

fn world() -> String {
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {BASIC_MS} }}\n\
         Robot {{ name \"bench\" controller \"<extern>\" children [ Compass {{ }} Emitter {{ }} ] }}\n"
    )
}

/// Steps per second a controller reports ("steps=N seconds=S").
fn rate(stdout: &str) -> f64 {
    let line = stdout.lines().find_map(|l| l.split("steps=").nth(1)).expect("the controller's figures");
    let (steps, seconds) = line.split_once(" seconds=").unwrap();
    steps.trim().parse::<f64>().unwrap() / seconds.trim().parse::<f64>().unwrap()
}

/// The C or Java `bench_loop` controller run in-process for `seconds` simulated.
fn in_process(p: &common::Project, java: bool, mode: &str, seconds: f64) -> f64 {
    let dir = p.path().join("controllers/bench_loop");
    let mut cmd = if java {
        let lib = p.home().join("lib/controller/java");
        let mut c = Command::new(common::jdk_tool("java"));
        c.arg("-classpath")
            .arg(format!("{}:.", lib.join("Controller.jar").display()))
            .arg(format!("-Djava.library.path={}", lib.display()))
            .arg("bench_loop");
        c
    } else {
        Command::new(dir.join("bench_loop"))
    };
    cmd.arg(mode).current_dir(&dir).stdin(Stdio::null());
    p.env(&mut cmd);
    cmd.env("WEBOTS_SHIM_WORLD", p.path().join("worlds/bench.wbt"))
        .env("WEBOTS_ROBOT_NAME", "bench")
        .env("WEBOTS_SHIM_UNTIL", seconds.to_string());
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    rate(&String::from_utf8_lossy(&out.stdout))
}

/// The same controller through the runner, as the world's one controller.
fn through_runner(p: &common::Project, java: bool, mode: &str, seconds: f64) -> f64 {
    let name = if java { "bench_java" } else { "bench_c" };
    let text =
        world().replace("<extern>", name).replace("children", &format!("controllerArgs [ \"{mode}\" ] children"));
    p.world(&format!("{name}.wbt"), &text);
    let out = p.run_with_home(&format!("{name}.wbt"), &["--until", &seconds.to_string()]);
    assert!(out.status.success(), "{}", out.stderr);
    rate(&out.stdout)
}

fn main() {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    if common::java_api_dir().is_none() {
        println!("java bench skipped: the Java API was not built (no JDK when webots-shim was built)");
        return;
    }
    let p = common::Project::new();
    p.world("bench.wbt", &world());
    // one folder holds both twins for in-process runs; the runner gets one folder each
    p.controller("bench_loop", "bench_loop");
    p.java_controller("bench_loop", "bench_loop");
    p.controller("bench_c", "bench_loop");
    p.java_controller("bench_java", "bench_loop");

    let (in_process_s, runner_s) = if quick { (20.0, 4.0) } else { (400.0, 80.0) };
    for (how, seconds) in [("in-process", in_process_s), ("runner", runner_s)] {
        for mode in ["idle", "compass"] {
            let what = if mode == "idle" { "idle loop" } else { "compass + send each step" };
            let (c, java) = if how == "in-process" {
                (in_process(&p, false, mode, seconds), in_process(&p, true, mode, seconds))
            } else {
                (through_runner(&p, false, mode, seconds), through_runner(&p, true, mode, seconds))
            };
            println!(
                "{how:>10}, {what:<24}: C {c:>9.0} steps/s ({:>6.2} us/step), Java {java:>9.0} steps/s ({:>6.2} us/step): Java/C time per step {:.2}",
                1e6 / c,
                1e6 / java,
                c / java
            );
        }
    }
}
