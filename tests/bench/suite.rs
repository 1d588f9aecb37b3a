//! `make bench`: what a test world costs with `webots-shim test`, from the command to its verdict.
//!
//! (a) one 2-robot world (two controllers stepping 32 ms steps to --until 0.32 s, then exiting 0):
//!     wall time (median of repeated suites) and peak memory of the whole process tree (the suite,
//!     its runner, the watchdog, both controllers: resident set summed over the tree, sampled);
//! (b) 100 such worlds with --jobs = cores: wall time, time per world and peak memory.
//!
//! Baseline, measured in the same run: the bare cost of starting the same processes, i.e. a chain
//! of exec'd no-op programs as deep and as wide as a world's (suite → runner → watchdog + 2
//! controllers), so figures read as "x times the cost of merely starting the processes". The world and
//! the floor are run in turn, so that a machine whose load changes meanwhile weighs on both alike.
//! `WEBOTS_SHIM_BENCH_BASELINE=PATH` adds another `webots-shim` (an older build) to the turns of (a).

#[path = "../common/mod.rs"]
mod common;

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const WORLD: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
                     Robot { name \"left\" controller \"quit\" }\n\
                     Robot { name \"right\" controller \"quit\" }\n";

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Runs `cmd` to its end; returns (wall seconds, peak tree RSS in bytes if sampled).
fn measure(mut cmd: Command, sample_every: Option<Duration>) -> (f64, u64) {
    let page = nix::unistd::sysconf(nix::unistd::SysconfVar::PAGE_SIZE).ok().flatten().unwrap_or(4096) as u64;
    let start = Instant::now();
    let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("starts");
    let peak = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = sample_every.map(|every| {
        let (peak, done, root) = (Arc::clone(&peak), Arc::clone(&done), child.id());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(common::tree_rss(root, page), Ordering::Relaxed);
                std::thread::sleep(every);
            }
        })
    });
    let status = child.wait().unwrap();
    let wall = start.elapsed().as_secs_f64();
    done.store(true, Ordering::Relaxed);
    if let Some(s) = sampler {
        s.join().unwrap();
    }
    assert!(status.success(), "the benchmarked command failed: {status}");
    (wall, peak.load(Ordering::Relaxed))
}

fn suite(project: &common::Project, worlds: &[String], jobs: usize) -> Command {
    suite_of(common::suite::shim_command(project, &["test"]), worlds, jobs)
}

fn suite_of(mut cmd: Command, worlds: &[String], jobs: usize) -> Command {
    cmd.args(worlds).args(["--until", "0.32", "--jobs", &jobs.to_string()]);
    cmd
}

/// `suite` run by another build of `webots-shim` (the same arguments, folder and environment).
fn baseline_suite(program: &std::path::Path, project: &common::Project, worlds: &[String]) -> Command {
    let template = common::suite::shim_command(project, &["test"]);
    let mut cmd = Command::new(program);
    cmd.args(template.get_args()).current_dir(project.path()).stdin(Stdio::null());
    for (key, value) in template.get_envs() {
        match value {
            Some(v) => cmd.env(key, v),
            None => cmd.env_remove(key),
        };
    }
    suite_of(cmd, worlds, 1)
}

fn spread(v: &[f64]) -> String {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    format!("quartiles {:.1}-{:.1} ms", v[v.len() / 4] * 1e3, v[v.len() * 3 / 4] * 1e3)
}

/// The floor: `sh` (the suite) starting `sh` (the runner) starting 3 no-op processes and waiting.
fn floor_command(worlds: usize, jobs: usize) -> Command {
    let one = "sh -c 'true & true & true & wait'";
    let script = format!("seq {worlds} | xargs -P {jobs} -I{{}} {one}");
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(script);
    cmd
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn main() {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let project = common::Project::new();
    project.controller("quit", "quit");
    let paths: Vec<String> =
        (0..100).map(|i| project.world(&format!("w{i:03}.wbt"), WORLD).to_str().unwrap().to_string()).collect();
    let repeats = if quick { 5 } else { 30 };

    // (a) one world
    for _ in 0..3 {
        measure(suite(&project, &paths[..1], 1), None);
    }
    let baseline = std::env::var_os("WEBOTS_SHIM_BENCH_BASELINE").map(std::path::PathBuf::from);
    let (mut ours, mut floors, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..repeats {
        ours.push(measure(suite(&project, &paths[..1], 1), None).0);
        floors.push(measure(floor_command(1, 1), None).0);
        if let Some(program) = &baseline {
            theirs.push(measure(baseline_suite(program, &project, &paths[..1]), None).0);
        }
    }
    let (ours_spread, floor_spread) = (spread(&ours), spread(&floors));
    let (ours, floor) = (median(ours), median(floors));
    let mem = (0..5).map(|_| measure(suite(&project, &paths[..1], 1), Some(Duration::from_millis(1))).1).max();
    let floor_mem = (0..5).map(|_| measure(floor_command(1, 1), Some(Duration::from_millis(1))).1).max();
    println!(
        "(a) one 2-robot world, command to verdict: {:.1} ms (median of {repeats}); bare process start floor {:.1} ms; ratio {:.1}",
        ours * 1e3,
        floor * 1e3,
        ours / floor
    );
    println!("    spread: {ours_spread}; floor {floor_spread}");
    if let Some(program) = &baseline {
        let spread = spread(&theirs);
        let theirs = median(theirs);
        println!("    baseline {}: {:.1} ms ({spread}); ratio {:.1}", program.display(), theirs * 1e3, theirs / floor);
    }
    println!(
        "    peak memory of the whole process tree: {:.1} MB (floor {:.1} MB)",
        mb(mem.unwrap_or(0)),
        mb(floor_mem.unwrap_or(0))
    );

    // (b) 100 worlds, as many at once as there are cores
    let n = if quick { 20 } else { 100 };
    let (wall, peak) = measure(suite(&project, &paths[..n], cores), Some(Duration::from_millis(5)));
    let (floor_wall, floor_peak) = measure(floor_command(n, cores), Some(Duration::from_millis(5)));
    println!(
        "(b) {n} worlds, --jobs {cores}: {:.2} s in all, {:.1} ms per world; floor {:.2} s; ratio {:.1}",
        wall,
        wall * 1e3 / n as f64,
        floor_wall,
        wall / floor_wall
    );
    println!("    peak memory of the whole process tree: {:.1} MB (floor {:.1} MB)", mb(peak), mb(floor_peak));
}
