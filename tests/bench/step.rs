//! `make bench`: the cost of a step.
//!
//! (a) in-process: one `wb_robot_step` of a controller with no devices, through the C ABI, world in the
//!     same process;
//! (b) runner: world steps per second with 2 and 16 controller processes in lockstep, next to a bare
//!     Unix-socket ping-pong between processes (one server, the same number of clients, the same
//!     message sizes, the same barrier: every client sends, then every client is answered) measured in
//!     the same run. Figures are ratios to that baseline, since the machine is shared and noisy.

#[path = "../common/mod.rs"]
mod common;

use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::process::{Command, Stdio};
use std::time::Instant;

use webots_shim::protocol::codec::encode_into;
use webots_shim::protocol::{StepAnswer, StepRequest};

const BASIC_MS: u32 = 8;

fn world_text(robots: usize, controller: &str) -> String {
    let mut w = format!("#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {BASIC_MS} }}\n");
    for i in 0..robots {
        w += &format!("Robot {{ name \"r{i}\" controller \"{controller}\" }}\n");
    }
    w
}

/// (a): ns per in-process `wb_robot_step`.
fn in_process_step(steps: u64) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let world = dir.path().join("bench.wbt");
    std::fs::write(&world, world_text(1, "none_needed")).unwrap();
    std::env::set_var("WEBOTS_SHIM_WORLD", &world);
    std::env::remove_var("WEBOTS_CONTROLLER_URL");
    use webots_shim::capi::robot::{wb_robot_cleanup, wb_robot_init, wb_robot_step};
    wb_robot_init();
    for _ in 0..10_000 {
        wb_robot_step(BASIC_MS as i32);
    }
    let start = Instant::now();
    for _ in 0..steps {
        std::hint::black_box(wb_robot_step(BASIC_MS as i32));
    }
    let ns = start.elapsed().as_nanos() as f64 / steps as f64;
    wb_robot_cleanup();
    ns
}

/// (b): world steps per second of the runner with `n` controllers, over `seconds` of simulated time.
fn runner_rate(project: &common::Project, n: usize, sim_seconds: f64) -> f64 {
    let name = format!("bench{n}.wbt");
    project.world(&name, &world_text(n, "bench_step"));
    let start = Instant::now();
    let out = project.run(&name, &["--until", &sim_seconds.to_string()]);
    let elapsed = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "bench run failed:\n{}", out.stderr);
    let steps = sim_seconds * 1000.0 / f64::from(BASIC_MS);
    steps / elapsed
}

/// The same lockstep over bare Unix sockets: `n` client processes, `rounds` rounds of
/// request-then-answer with the step protocol's message sizes.
fn ping_pong_rate(n: usize, rounds: u64, req_len: usize, ans_len: usize) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pp.sock");
    let listener = UnixListener::bind(&path).unwrap();
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..n)
        .map(|_| {
            Command::new(&exe)
                .args([
                    "--ping-pong-client",
                    path.to_str().unwrap(),
                    &rounds.to_string(),
                    &req_len.to_string(),
                    &ans_len.to_string(),
                ])
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut conns: Vec<UnixStream> = (0..n).map(|_| listener.accept().unwrap().0).collect();
    let mut req = vec![0u8; req_len];
    let ans = vec![1u8; ans_len];
    let start = Instant::now();
    for _ in 0..rounds {
        for c in conns.iter_mut() {
            c.read_exact(&mut req).unwrap();
        }
        for c in conns.iter_mut() {
            c.write_all(&ans).unwrap();
        }
    }
    let rate = rounds as f64 / start.elapsed().as_secs_f64();
    for mut c in children {
        c.wait().unwrap();
    }
    rate
}

fn ping_pong_client(path: &str, rounds: u64, req_len: usize, ans_len: usize) {
    let mut s = UnixStream::connect(path).unwrap();
    let req = vec![0u8; req_len];
    let mut ans = vec![0u8; ans_len];
    for _ in 0..rounds {
        s.write_all(&req).unwrap();
        s.read_exact(&mut ans).unwrap();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 6 && args[1] == "--ping-pong-client" {
        ping_pong_client(&args[2], args[3].parse().unwrap(), args[4].parse().unwrap(), args[5].parse().unwrap());
        return;
    }
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();

    let mut req = Vec::new();
    encode_into(&StepRequest { duration_ms: BASIC_MS, ..Default::default() }, &mut req).unwrap();
    let mut ans = Vec::new();
    encode_into(&StepAnswer { time_ms: 123_456.0, ..Default::default() }, &mut ans).unwrap();
    println!("step messages on the wire: request {} bytes, answer {} bytes", req.len(), ans.len());

    let ns = in_process_step(if quick { 100_000 } else { 2_000_000 });
    println!("(a) in-process wb_robot_step, no devices: {ns:.0} ns per step (target < 1000 ns)");

    let project = common::Project::new();
    project.controller("bench_step", "bench_step");
    let sim_seconds = if quick { 2.0 } else { 40.0 };
    for n in [2usize, 16] {
        let ours = runner_rate(&project, n, sim_seconds);
        let rounds = (sim_seconds * 1000.0 / f64::from(BASIC_MS)) as u64;
        let base = ping_pong_rate(n, rounds, req.len(), ans.len());
        println!(
            "(b) {n:>2} controllers: runner {ours:>8.0} world steps/s, bare ping-pong {base:>8.0} rounds/s, ratio {:.2} (target >= 0.5)",
            ours / base
        );
    }
}
