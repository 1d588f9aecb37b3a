//! `make bench`: what a Python controller costs per step, next to the same controller in C, measured in
//! the same run (language_twin.rs): an idle loop, and one reading its compass and sending a packet every
//! step, in-process and through the runner. Interpreter start-up is not counted. Figures: steps per
//! second and the Python/C ratio of the time per step.

#[path = "../common/mod.rs"]
mod common;
#[path = "language_twin.rs"]
mod language_twin;

use std::process::Command;

use language_twin::Language;

fn main() {
    let p = common::Project::new();
    p.world("bench.wbt", &language_twin::world());
    // one folder holds both twins for in-process runs; the runner gets one folder each
    p.controller("bench_loop", "bench_loop");
    std::fs::copy(
        common::manifest_dir().join("tests/python/bench_loop.py"),
        p.path().join("controllers/bench_loop/bench_loop.py"),
    )
    .unwrap();
    p.controller("bench_c", "bench_loop");
    p.python_controller("bench_py", "bench_loop");
    let python = Language {
        name: "Python",
        runner_folder: "bench_py",
        command: |p| {
            let mut c = Command::new("python3");
            c.arg("-u").arg("bench_loop.py").env("PYTHONPATH", p.home().join("lib/controller/python"));
            c
        },
    };
    language_twin::compare(&p, &python);
}
