//! `make bench`: a crowd of robots in one run. Worlds of N robots (2,000 and 5,000 by default;
//! `WEBOTS_SHIM_CROWD=500,1000` to choose), each robot a trivial C controller stepping 32 ms steps
//! until the run ends. Reported per N: the wall time of a run that ends at once (`--until 0`: every
//! controller launched, connected, answered -1 and exited) and of one that runs 1 s of simulated time
//! (31 more lockstep steps of all robots), the step cost derived from the two, and the peak memory of
//! the runner and of the whole process tree.
//!
//! Baseline, measured in the same run: starting N no-op processes (`true`) from one shell, waiting
//! for them all.

#[path = "../common/mod.rs"]
mod common;

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn world(n: usize) -> String {
    let mut w = String::from("#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n");
    for i in 0..n {
        w += &format!("Robot {{ name \"r{i}\" controller \"quit\" }}\n");
    }
    w
}

/// Resident memory (bytes) of `pid` alone and of its whole tree, from /proc.
fn rss(root: u32, page: u64) -> (u64, u64) {
    let own = std::fs::read_to_string(format!("/proc/{root}/statm"))
        .ok()
        .and_then(|s| s.split_whitespace().nth(1).and_then(|r| r.parse::<u64>().ok()))
        .unwrap_or(0)
        * page;
    (own, common::tree_rss(root, page))
}

/// Runs `cmd`; returns wall seconds and the peak (runner, tree) memory sampled every 50 ms.
fn measure(mut cmd: Command) -> (f64, u64, u64) {
    let page = nix::unistd::sysconf(nix::unistd::SysconfVar::PAGE_SIZE).ok().flatten().unwrap_or(4096) as u64;
    let start = Instant::now();
    let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("starts");
    let (peak_runner, peak_tree) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (pr, pt, done, root) = (Arc::clone(&peak_runner), Arc::clone(&peak_tree), Arc::clone(&done), child.id());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                let (r, t) = rss(root, page);
                pr.fetch_max(r, Ordering::Relaxed);
                pt.fetch_max(t, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut err);
    }
    let status = child.wait().unwrap();
    let wall = start.elapsed().as_secs_f64();
    done.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let last = err.lines().rev().find(|l| l.contains("run ended")).unwrap_or("").to_string();
    assert!(status.success(), "the run failed: {last}\n{}", err.lines().take(20).collect::<Vec<_>>().join("\n"));
    (wall, peak_runner.load(Ordering::Relaxed), peak_tree.load(Ordering::Relaxed))
}

fn mb(b: u64) -> f64 {
    b as f64 / (1024.0 * 1024.0)
}

fn main() {
    let sizes: Vec<usize> = std::env::var("WEBOTS_SHIM_CROWD")
        .ok()
        .map(|v| v.split(',').filter_map(|s| s.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![2000, 5000]);
    let project = common::Project::new();
    project.controller("quit", "quit");
    for n in sizes {
        let name = format!("crowd{n}.wbt");
        project.world(&name, &world(n));
        let run = |until: &str| measure(project.runner_command(&name, &["--until", until, "--step-timeout", "60"]));
        let (start_only, runner0, tree0) = run("0");
        let (one_second, runner1, tree1) = run("1");
        let floor_start = Instant::now();
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!("i=0; while [ $i -lt {n} ]; do true & i=$((i+1)); done; wait"))
            .status()
            .unwrap();
        assert!(status.success());
        let floor = floor_start.elapsed().as_secs_f64();
        println!(
            "{n} robots: start, connect and end {start_only:.2} s; with 1 s simulated (31 more steps) {one_second:.2} s, \
             {:.1} ms per lockstep step of all robots; floor ({n} no-op processes) {floor:.2} s",
            (one_second - start_only).max(0.0) * 1e3 / 31.0
        );
        println!(
            "    peak memory: runner {:.0} MB / {:.0} MB, whole tree {:.0} MB / {:.0} MB (until 0 / until 1)",
            mb(runner0),
            mb(runner1),
            mb(tree0),
            mb(tree1)
        );
    }
}
