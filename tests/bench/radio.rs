//! `make bench`, radio part: the world's cost of carrying packets.
//!
//! World level (no controller processes): N robots on a square lattice 1 m apart, each with an emitter
//! (range 2 m: 12 neighbours in range) and a receiver sampling every step, every robot broadcasting a
//! 16-byte packet every 32 ms step. Requests and answers go through `World` exactly as the links drive
//! it. Reports the cost of one step and the real-time factor (32 ms / step cost). Then the same with
//! infinite range (all pairs) at 1 000 robots. And the 10 000 robots again, moving: every robot is a
//! supervisor that drives itself round a circle of radius 0.2 m every step (setting its own
//! translation, as a swarm's positions change every step), so nothing the world keeps while robots
//! stand still holds; that step's cost is mostly the scene edits and rebuilds that moving 10 000
//! robots by their fields brings, not the radio.
//!
//! `WEBOTS_SHIM_BENCH_ONLY=N` runs only the N-robot world case (`Nm`: the moving one); `WEBOTS_SHIM_BENCH_STEPS=K` times K steps
//! (for a profiler); `WEBOTS_SHIM_BENCH_CHECK=1` also prints a hash of every packet handed over (tag,
//! channel, bytes, signal strength and direction as a controller reads them), outside the timing, to
//! check that a change leaves the deliveries as they were: 100 robots `2bff003e426ba799`, 1 000
//! `9465384d3f6f84c1`, 10 000 `ffee80fe46de8ef8`, 10 000 moving `18820805fe191437`, all pairs
//! `83be7954602b3c60`. `WEBOTS_SHIM_BENCH_PHASES=1` also prints where a
//! step goes: the robots' requests, the world's step, the answers (fastest and median of each, which on
//! a machine shared with other work tell more than the whole step's spread). `WEBOTS_SHIM_BENCH_BYTES=L`
//! sends L-byte packets instead of 16-byte ones (above 16 bytes a packet's bytes are shared, not inline).
//!
//! End to end: 50 controller processes in lockstep through the runner, each broadcasting every step,
//! compared with the same processes only stepping.

#[path = "../common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::Instant;

use std::hash::{DefaultHasher, Hash, Hasher};

use webots_shim::protocol::{
    Command, DeviceCommand, DeviceCommands, DeviceEvents, EventRef, FieldAddr, FieldData, Payload, Query, QueryAnswer,
    RobotCommand, StepAnswer, StepRequest, SupervisorCommand,
};
use webots_shim::world::scene::{parse_world_str, LoadOptions};
use webots_shim::world::World;

const STEP_MS: u32 = 32;

fn lattice_world(n: usize, range: f64, controller: &str) -> String {
    lattice_world_of(n, range, controller, false)
}

/// The lattice; with `supervisors` every robot may move itself (the moving swarm).
fn lattice_world_of(n: usize, range: f64, controller: &str, supervisors: bool) -> String {
    let side = (n as f64).sqrt().ceil() as usize;
    let mut w = format!("#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {STEP_MS} }}\n");
    let supervisor = if supervisors { " supervisor TRUE" } else { "" };
    for i in 0..n {
        let (x, y) = ((i % side) as f64, (i / side) as f64);
        w += &format!(
            "Robot {{ translation {x} {y} 0 name \"r{i}\" controller \"{controller}\"{supervisor} children [ Emitter {{ range {range} channel 1 }} Receiver {{ channel 1 }} ] }}\n"
        );
    }
    w
}

/// Steps a moving robot takes to drive its circle once.
const DRIFT_STEPS: usize = 64;

/// Robot `r`'s translation field and its value in the world file.
fn driver(world: &World, r: usize) -> (FieldAddr, [f64; 3]) {
    let QueryAnswer::Node(Some(node)) = world.query(r, &Query::NodeFromDevice(0)) else { panic!("robot {r}'s node") };
    let field = Query::FieldByName { node: node.id, name: "translation".into(), base: false };
    let QueryAnswer::Field(Some(field)) = world.query(r, &field) else { panic!("robot {r}'s translation") };
    let QueryAnswer::Value(Some(FieldData::Vec3f(at))) =
        world.query(r, &Query::FieldValue { field: field.addr, index: None })
    else {
        panic!("robot {r}'s translation value")
    };
    (field.addr, at)
}

/// Adds what a controller reads of each packet of `events` to `hash`.
fn hash_packets(robot: usize, events: &DeviceEvents, hash: &mut DefaultHasher) {
    for (tag, ev) in events.iter() {
        if let EventRef::Packet(p) = ev {
            let (direction, signal) = p.measure.values();
            (robot, tag, p.channel, p.data).hash(hash);
            signal.to_bits().hash(hash);
            direction.map(f64::to_bits).hash(hash);
        }
    }
}

/// (median ms per step, fastest and slowest quarter's bounds, packets delivered per step, hash of the
/// packets when checking) over `steps` steps after a warm-up. The median and quartiles, not the mean: on a shared machine a step now and
/// then waits for another process, and the mean would report that wait.
fn world_step_cost(n: usize, range: f64, steps: usize, moving: bool) -> (f64, [f64; 2], f64, Option<u64>) {
    let check = std::env::var_os("WEBOTS_SHIM_BENCH_CHECK").is_some();
    let mut hash = DefaultHasher::new();
    let text = lattice_world_of(n, range, "<extern>", moving);
    let scene = parse_world_str(&text, "bench.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
    let mut world = World::from_scene(scene, PathBuf::from("bench.wbt"));
    for r in 0..n {
        world.connect(r);
    }
    // moving: each robot's translation field and lattice place, to set its own translation every step
    let drivers: Vec<(FieldAddr, [f64; 3])> =
        if moving { (0..n).map(|r| driver(&world, r)).collect() } else { Vec::new() };
    // a circle of radius 0.2 m driven in DRIFT_STEPS steps (0.4 m/s), each robot at its own point of it
    let drift: Vec<[f64; 2]> = (0..DRIFT_STEPS)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / DRIFT_STEPS as f64;
            [0.2 * a.cos(), 0.2 * a.sin()]
        })
        .collect();
    let mut step_no = 0usize;
    let bytes = std::env::var("WEBOTS_SHIM_BENCH_BYTES").ok().and_then(|s| s.parse().ok()).unwrap_or(16);
    let payload = Payload::from(&vec![0x5a_u8; bytes][..]);
    let mut delivered = 0usize;
    // one answer per robot, reused as the runner does
    let mut answers: Vec<StepAnswer> = (0..n).map(|_| StepAnswer::default()).collect();
    let mut due = Vec::new();
    // requests, world step, answers, per timed step
    let mut phases: Vec<[f64; 3]> = Vec::new();
    let mut run = |world: &mut World, steps: usize, delivered: &mut usize, times: &mut Vec<f64>, first: bool| {
        for s in 0..steps {
            let start = Instant::now();
            for r in 0..n {
                let mut devices = DeviceCommands::new();
                devices.push(DeviceCommand {
                    tag: 1,
                    command: Command::EmitterSend { channel: 1, range, data: payload.clone() },
                });
                if first && s == 0 {
                    devices.push(DeviceCommand { tag: 2, command: Command::ReceiverSampling(STEP_MS) });
                }
                let mut robot = Vec::new();
                if let Some(&(field, [x, y, z])) = drivers.get(r) {
                    let [dx, dy] = drift[(step_no + r) % DRIFT_STEPS];
                    robot.push(RobotCommand::Supervisor(SupervisorCommand::SetField {
                        field,
                        index: None,
                        value: FieldData::Vec3f([x + dx, y + dy, z]),
                    }));
                }
                world.request(r, StepRequest { duration_ms: STEP_MS, robot, devices, ..Default::default() });
            }
            step_no += 1;
            let t1 = Instant::now();
            world.advance_into(&mut due);
            let t2 = Instant::now();
            for &r in &due {
                world.answer_into(r, &mut answers[r]);
                *delivered += answers[r].devices.items();
            }
            let t3 = Instant::now();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            if !first {
                phases.push([
                    (t1 - start).as_secs_f64() * 1e3,
                    (t2 - t1).as_secs_f64() * 1e3,
                    (t3 - t2).as_secs_f64() * 1e3,
                ]);
            }
            if check {
                for &r in &due {
                    hash_packets(r, &answers[r].devices, &mut hash);
                }
            }
        }
    };
    let mut times = Vec::with_capacity(steps);
    run(&mut world, 3, &mut delivered, &mut times, true);
    delivered = 0;
    times.clear();
    run(&mut world, steps, &mut delivered, &mut times, false);
    times.sort_by(f64::total_cmp);
    if std::env::var_os("WEBOTS_SHIM_BENCH_PHASES").is_some() {
        let moving = if moving { " moving" } else { "" };
        let mut line = format!("  {n:>6}{moving} robots, phases (fastest/median ms):");
        for (k, name) in ["requests", "world step", "answers"].iter().enumerate() {
            let mut v: Vec<f64> = phases.iter().map(|p| p[k]).collect();
            v.sort_by(f64::total_cmp);
            line += &format!(" {name} {:.3}/{:.3}", v[0], v[v.len() / 2]);
        }
        println!("{line}");
    }
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), [at(0.25), at(0.75)], delivered as f64 / steps as f64, check.then(|| hash.finish()))
}

fn main() {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    println!("radio, world level: 16-byte broadcast per robot per {STEP_MS} ms step, lattice 1 m apart");
    let cases = [
        (100, 2.0, 2000, false),
        (1_000, 2.0, 300, false),
        (10_000, 2.0, 100, false),
        (10_000, 2.0, 30, true),
        (1_000, -1.0, 5, false),
    ];
    for (n, range, steps, moving) in cases {
        let key = if moving { format!("{n}m") } else { n.to_string() };
        if std::env::var("WEBOTS_SHIM_BENCH_ONLY").is_ok_and(|only| only != key) {
            continue;
        }
        let steps = if quick { steps / 10 + 1 } else { steps };
        let steps = std::env::var("WEBOTS_SHIM_BENCH_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(steps);
        let (ms, [q1, q3], per_step, hash) = world_step_cost(n, range, steps, moving);
        let what = match (range < 0.0, moving) {
            (true, _) => "infinite range (all pairs)".to_string(),
            (false, false) => format!("range {range} m"),
            (false, true) => format!("range {range} m, all moving"),
        };
        println!(
            "  {n:>6} robots, {what:<26}: {ms:>9.3} ms/step (quartiles {q1:.3}-{q3:.3}), {per_step:>9.0} packets delivered/step, real-time factor {:>8.1}x",
            f64::from(STEP_MS) / ms
        );
        if let Some(hash) = hash {
            let moving = if moving { " moving" } else { "" };
            println!("  {n:>6}{moving} robots, packets handed over: hash {hash:016x}");
        }
    }

    if std::env::var_os("WEBOTS_SHIM_BENCH_ONLY").is_some() {
        return;
    }
    let project = common::Project::new();
    project.controller("radio_bench", "radio_bench");
    project.controller("bench_step", "bench_step");
    let sim_s = if quick { 1.0 } else { 20.0 };
    for (controller, label) in [("bench_step", "stepping only"), ("radio_bench", "broadcasting every step")] {
        project.world("e2e.wbt", &lattice_world(50, 2.0, controller));
        let start = Instant::now();
        let out = project.run("e2e.wbt", &["--until", &sim_s.to_string()]);
        let wall = start.elapsed().as_secs_f64();
        assert!(out.status.success(), "{}", out.stderr);
        println!(
            "end to end, 50 controller processes, {label:<24}: {sim_s} s simulated in {wall:.2} s wall, real-time factor {:.1}x, {:.0} steps/s",
            sim_s / wall,
            sim_s * 1000.0 / f64::from(STEP_MS) / wall
        );
    }
}
