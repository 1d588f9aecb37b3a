//! What the Python and Java benches share: the world, the C twin, and the figures side by side. A
//! controller (`bench_loop` in each language) steps until the run ends, idle or reading its compass and
//! sending a packet every step, and times its own loop ("steps=N seconds=S"), so start-up is not
//! counted; it runs in-process (the language's own overhead) and through the runner (one controller
//! process in lockstep over the socket).

use std::process::{Command, Stdio};

use crate::common::Project;

const BASIC_MS: u32 = 8;

/// One robot with a compass and an emitter; its controller is named when a run needs one.
pub fn world() -> String {
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {BASIC_MS} }}\n\
         Robot {{ name \"bench\" controller \"<extern>\" children [ Compass {{ }} Emitter {{ }} ] }}\n"
    )
}

/// A language measured against C.
pub struct Language {
    /// Its name in the figures.
    pub name: &'static str,
    /// The controller folder of its twin for runs through the runner.
    pub runner_folder: &'static str,
    /// The command that runs its `bench_loop` in-process (the folder and the environment are set after).
    pub command: fn(&Project) -> Command,
}

/// Steps per second a controller reports ("steps=N seconds=S").
fn rate(stdout: &str) -> f64 {
    let line = stdout.lines().find_map(|l| l.split("steps=").nth(1)).expect("the controller's figures");
    let (steps, seconds) = line.split_once(" seconds=").unwrap();
    steps.trim().parse::<f64>().unwrap() / seconds.trim().parse::<f64>().unwrap()
}

/// `cmd` (a `bench_loop` in controllers/bench_loop) run in-process for `seconds` simulated.
fn in_process(p: &Project, mut cmd: Command, mode: &str, seconds: f64) -> f64 {
    cmd.arg(mode).current_dir(p.path().join("controllers/bench_loop")).stdin(Stdio::null());
    p.env(&mut cmd);
    cmd.env("WEBOTS_SHIM_WORLD", p.path().join("worlds/bench.wbt"))
        .env("WEBOTS_ROBOT_NAME", "bench")
        .env("WEBOTS_SHIM_UNTIL", seconds.to_string());
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    rate(&String::from_utf8_lossy(&out.stdout))
}

/// The controller in `folder` through the runner, as the world's one controller.
fn through_runner(p: &Project, folder: &str, mode: &str, seconds: f64) -> f64 {
    let text =
        world().replace("<extern>", folder).replace("children", &format!("controllerArgs [ \"{mode}\" ] children"));
    p.world(&format!("{folder}.wbt"), &text);
    let out = p.run_with_home(&format!("{folder}.wbt"), &["--until", &seconds.to_string()]);
    assert!(out.status.success(), "{}", out.stderr);
    rate(&out.stdout)
}

/// The largest of `v`.
fn best(v: impl Iterator<Item = f64>) -> f64 {
    v.fold(0.0, f64::max)
}

/// Prints C's figures and `lang`'s, in-process and through the runner, with the ratio of the time per
/// step. The project holds worlds/bench.wbt, both twins in controllers/bench_loop, C's in bench_c and
/// `lang`'s in its runner folder. Each figure is the best of rounds that run C then `lang` one after the
/// other: on a machine busy with other work, the fastest run of each is the closest to a quiet one.
pub fn compare(p: &Project, lang: &Language) {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    let (in_process_s, runner_s) = if quick { (20.0, 4.0) } else { (400.0, 80.0) };
    let (in_process_rounds, runner_rounds) = if quick { (1, 1) } else { (7, 3) };
    let dir = p.path().join("controllers/bench_loop");
    let name = lang.name;
    for (how, seconds, rounds) in [("in-process", in_process_s, in_process_rounds), ("runner", runner_s, runner_rounds)]
    {
        for mode in ["idle", "compass"] {
            let what = if mode == "idle" { "idle loop" } else { "compass + send each step" };
            let pairs: Vec<(f64, f64)> = (0..rounds)
                .map(|_| {
                    if how == "in-process" {
                        let c = in_process(p, Command::new(dir.join("bench_loop")), mode, seconds);
                        (c, in_process(p, (lang.command)(p), mode, seconds))
                    } else {
                        (
                            through_runner(p, "bench_c", mode, seconds),
                            through_runner(p, lang.runner_folder, mode, seconds),
                        )
                    }
                })
                .collect();
            let c = best(pairs.iter().map(|&(c, _)| c));
            let other = best(pairs.iter().map(|&(_, o)| o));
            let ratio = c / other;
            println!(
                "{how:>10}, {what:<24}: C {c:>9.0} steps/s ({:>6.2} us/step), {name} {other:>9.0} steps/s ({:>6.2} us/step): {name}/C time per step {ratio:.2} (best of {rounds})",
                1e6 / c,
                1e6 / other,
            );
        }
    }
}
