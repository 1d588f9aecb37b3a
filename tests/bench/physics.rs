//! `make bench`, physics part: N differential-drive robots on a floor (see `physics/robot.rs` for the
//! robot and its numbers), N = 1, 100, 1 000, at a 16 ms basic time step, driven through `World` as
//! the links drive it (no controller processes): every robot sends a step request each step; in the
//! pushed mode it carries the robot's two `add_torque` supervisor commands for its wheels. Reports the
//! median and quartiles of the per-step wall time, the real-time factor (16 ms / step) and how many
//! robots are asleep at the end.
//!
//! Two modes: wheels free (the robots stand still; a body at rest falls asleep after
//! `physicsDisableTime`, 1 s, which makes it the cheap case when it does) and wheels pushed (every
//! robot always moving).
//!
//! The same scene runs in MuJoCo in the same run (the `mujoco` package installed into
//! target/bench-venv; skipped with a message when that fails), with its default options and again
//! with its sleeping on in the free mode; the last column is webots-shim's steps per second divided
//! by MuJoCo's.
//!
//! Before timing, a scene check on 4 robots: after settling for a quarter period a robot at rest
//! stays within 1 mm for a second, and a pushed robot drives as far in the first quarter period as
//! Newton's laws say (within 15 %). The bench stops if either fails: a broken scene is not
//! benchmarked. MuJoCo's figures for the same checks are printed next to them.
//!
//! `WEBOTS_SHIM_BENCH_ONLY=N` runs only the N-robot cases, `WEBOTS_SHIM_BENCH_MODE=free|pushed` one
//! mode, `WEBOTS_SHIM_BENCH_STEPS=K` times K steps (for a profiler), `WEBOTS_SHIM_BENCH_NO_MUJOCO=1`
//! skips MuJoCo; `WEBOTS_SHIM_BENCH_QUICK=1` shortens everything.

#[path = "physics/mujoco.rs"]
mod mujoco;
#[path = "physics/robot.rs"]
mod robot;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use webots_shim::protocol::{NodeRefId, Query, QueryAnswer, RobotCommand, StepAnswer, StepRequest, SupervisorCommand};
use webots_shim::world::scene::{parse_world_str, LoadOptions};
use webots_shim::world::supervision::ref_id;
use webots_shim::world::World;

use robot::{QUARTER, STEP_MS};

/// Warm-up steps before timing: past the first second (the robots settle, and may fall asleep).
const WARMUP: usize = 3 * QUARTER;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Free,
    Pushed,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Free => "free",
            Mode::Pushed => "pushed",
        }
    }
}

/// A world of `n` robots driven as a runner drives it.
struct Swarm {
    world: World,
    robots: Vec<NodeRefId>,
    wheels: Vec<[NodeRefId; 2]>,
    due: Vec<usize>,
    answers: Vec<StepAnswer>,
    steps: usize,
}

impl Swarm {
    fn new(n: usize) -> Swarm {
        let text = robot::webots_world(n);
        let scene = parse_world_str(&text, "physics.wbt", std::path::Path::new("."), &LoadOptions::default())
            .expect("the bench world parses");
        let mut world = World::from_scene(scene, PathBuf::from("physics.wbt"));
        assert!(world.warnings().is_empty(), "the bench world has warnings: {:?}", world.warnings());
        // DEF names to ids in one walk of the scene (get_from_def walks the whole tree at each call)
        let scene = world.scene();
        let ids: HashMap<&str, NodeRefId> = scene
            .preorder()
            .into_iter()
            .filter_map(|node| Some((scene.node(node)?.def_name.as_deref()?, ref_id(node))))
            .collect();
        let id = |def: &str| *ids.get(def).unwrap_or_else(|| panic!("no node {def}"));
        let robots: Vec<_> = (0..n).map(|i| id(&robot::defs(i)[0])).collect();
        let wheels: Vec<_> = (0..n).map(|i| [id(&robot::defs(i)[1]), id(&robot::defs(i)[2])]).collect();
        for i in 0..n {
            world.connect(i);
        }
        Swarm { world, robots, wheels, due: Vec::new(), answers: vec![StepAnswer::default(); n], steps: 0 }
    }

    /// One step with every robot's request; returns its wall time in ms.
    fn step(&mut self, mode: Mode) -> f64 {
        let start = Instant::now();
        let torque = [0.0, robot::torque_sign(self.steps) * robot::TORQUE, 0.0];
        for (r, wheels) in self.wheels.iter().enumerate() {
            let mut req = StepRequest { duration_ms: STEP_MS, ..Default::default() };
            if mode == Mode::Pushed {
                req.robot = wheels
                    .iter()
                    .map(|&node| {
                        RobotCommand::Supervisor(SupervisorCommand::AddTorque { node, torque, relative: false })
                    })
                    .collect();
            }
            self.world.request(r, req);
        }
        self.world.advance_into(&mut self.due);
        for &r in &self.due {
            self.world.answer_into(r, &mut self.answers[r]);
        }
        self.steps += 1;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let warnings = self.world.take_runtime_warnings();
        assert!(warnings.is_empty(), "{warnings:?}");
        ms
    }

    /// Robot `i`'s position (world frame), as a supervisor reads it.
    fn position(&self, i: usize) -> [f64; 3] {
        match self.world.query(0, &Query::Pose { node: self.robots[i], from: None }) {
            QueryAnswer::Pose(Some(m)) => [m[3], m[7], m[11]],
            other => panic!("no pose: {other:?}"),
        }
    }

    /// Robots whose body stands still (asleep bodies have zero velocity).
    fn still(&self) -> usize {
        let still = |&id: &NodeRefId| match self.world.query(0, &Query::Velocity(id)) {
            QueryAnswer::Numbers(Some(v)) => v.iter().all(|&x| x == 0.0),
            other => panic!("no velocity: {other:?}"),
        };
        self.robots.iter().filter(|id| still(id)).count()
    }
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum::<f64>().sqrt()
}

/// The scene against mechanics, on 4 robots: (how deep a robot at rest settles into the floor in half
/// a second, its largest displacement over the next second, robot 0's drive along x in the first
/// quarter period when pushed). Panics when the scene is broken.
fn self_check() -> (f64, f64, f64) {
    let (settle, second) = (QUARTER, (1000 / STEP_MS) as usize);
    let mut rest = Swarm::new(4);
    for _ in 0..settle {
        rest.step(Mode::Free);
    }
    let settled: Vec<_> = (0..4).map(|i| rest.position(i)).collect();
    let depth = settled.iter().map(|p| -p[2]).fold(f64::MIN, f64::max);
    let mut moved: f64 = 0.0;
    for _ in 0..second {
        rest.step(Mode::Free);
        moved = moved.max((0..4).map(|i| distance(rest.position(i), settled[i])).fold(0.0, f64::max));
    }
    assert!(moved < 1e-3, "scene check: a robot at rest moved {:.3} mm in a second", moved * 1e3);
    let mut pushed = Swarm::new(4);
    let start = pushed.position(0);
    for _ in 0..QUARTER {
        pushed.step(Mode::Pushed);
    }
    let drive = pushed.position(0)[0] - start[0];
    let expected = robot::first_quarter_distance();
    assert!(
        (drive - expected).abs() < 0.15 * expected,
        "scene check: a pushed robot drove {:.2} mm, Newton says {:.2} mm",
        drive * 1e3,
        expected * 1e3
    );
    (depth, moved, drive)
}

struct Figures {
    median: f64,
    quartiles: [f64; 2],
}

fn figures(mut times: Vec<f64>) -> Figures {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Figures { median: at(0.5), quartiles: [at(0.25), at(0.75)] }
}

/// webots-shim: the per-step times of `steps` steps after the warm-up, and how many robots stand still.
fn shim_case(n: usize, mode: Mode, steps: usize) -> (Figures, usize) {
    let mut swarm = Swarm::new(n);
    for _ in 0..WARMUP {
        swarm.step(mode);
    }
    let times = (0..steps).map(|_| swarm.step(mode)).collect();
    (figures(times), swarm.still())
}

fn rtf(ms: f64) -> f64 {
    f64::from(STEP_MS) / ms
}

fn row(n: usize, what: &str, ms: Option<&Figures>, still: &str, theirs: Option<&Figures>, ratio: Option<f64>) {
    let cell = |f: Option<&Figures>| match f {
        Some(f) => {
            format!("{:>9.3} ({:>8.3}-{:>8.3}) {:>8.1}x", f.median, f.quartiles[0], f.quartiles[1], rtf(f.median))
        }
        None => String::new(),
    };
    let ratio = ratio.map_or(String::new(), |r| format!("{r:>8.2}"));
    println!("  {n:>5} {what:<22} {:>39} {still:>9}   {:>39}   {ratio:>8}", cell(ms), cell(theirs));
}

fn main() {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    let env = |name: &str| std::env::var(name).ok();
    println!(
        "physics: N e-puck-like robots (box body + caster ball, 2 wheels on hinges), {STEP_MS} ms step, through World; \
         rapier3d-f64 0.30 (enhanced-determinism, 1 thread, 4 solver iterations per step)"
    );
    let (depth, rest, drive) = self_check();
    let quarter_s = QUARTER as f64 * f64::from(STEP_MS) / 1000.0;
    println!(
        "  scene check, webots-shim: at rest settles {:.2} mm deep in {quarter_s:.3} s, then moves {:.3} mm in 1 s \
         (limit 1 mm); pushed drives {:.2} mm in {quarter_s:.3} s (Newton: {:.2} mm)",
        depth * 1e3,
        rest * 1e3,
        drive * 1e3,
        robot::first_quarter_distance() * 1e3
    );
    let python = if env("WEBOTS_SHIM_BENCH_NO_MUJOCO").is_some() {
        Err("WEBOTS_SHIM_BENCH_NO_MUJOCO is set".to_string())
    } else {
        mujoco::python()
    };
    let mujoco_case = |n: usize, mode: Mode, steps: usize, sleep: bool| {
        let python = python.as_ref().ok()?;
        match mujoco::run(python, &robot::mjcf(n), mode.name(), QUARTER, WARMUP, steps, sleep) {
            Ok(run) => Some(run),
            Err(e) => {
                println!("  MuJoCo failed: {}", e.trim());
                None
            }
        }
    };
    match &python {
        Ok(_) => {
            let (free, pushed) =
                (mujoco_case(4, Mode::Free, QUARTER, false), mujoco_case(4, Mode::Pushed, QUARTER, false));
            if let (Some(free), Some(pushed)) = (free, pushed) {
                println!(
                    "  scene check, MuJoCo {}: at rest settles {:.2} mm deep, then moves {:.3} mm in 1 s; pushed drives {:.2} mm",
                    free.version,
                    free.depth_m.unwrap_or(f64::NAN) * 1e3,
                    free.rest_m * 1e3,
                    pushed.drive_m.unwrap_or(f64::NAN) * 1e3
                );
            }
            println!(
                "  MuJoCo: the same scene as MJCF, default options (Euler, Newton solver, pyramidal cone, up to 100 \
                 iterations, constraint islands, no sleeping unless said) with timestep 0.016; the steps run inside \
                 mj_step (nstep = {QUARTER}): per-step time = chunk time / {QUARTER}"
            );
        }
        Err(why) => println!("  MuJoCo skipped: {why}"),
    }
    println!(
        "  {:>5} {:<22} {:>39} {:>9}   {:>39}   {:>8}",
        "N", "wheels", "webots-shim ms/step (quartiles)   RTF", "asleep", "MuJoCo ms/step (quartiles)   RTF", "shim/MJ"
    );
    for (n, steps) in [(1usize, 16 * 4 * QUARTER), (100, 4 * 4 * QUARTER), (1000, 2 * 4 * QUARTER)] {
        if env("WEBOTS_SHIM_BENCH_ONLY").is_some_and(|only| only != n.to_string()) {
            continue;
        }
        let steps = if quick { 4 * QUARTER } else { steps };
        let steps = env("WEBOTS_SHIM_BENCH_STEPS").and_then(|s| s.parse().ok()).unwrap_or(steps);
        for mode in [Mode::Free, Mode::Pushed] {
            if env("WEBOTS_SHIM_BENCH_MODE").is_some_and(|m| m != mode.name()) {
                continue;
            }
            let (ours, still) = shim_case(n, mode, steps);
            let mj_steps = steps.div_ceil(QUARTER) * QUARTER;
            let theirs = mujoco_case(n, mode, mj_steps, false)
                .map(|m| Figures { median: m.median_ms, quartiles: m.quartiles_ms });
            let ratio = theirs.as_ref().map(|t| t.median / ours.median);
            row(n, mode.name(), Some(&ours), &format!("{still}/{n}"), theirs.as_ref(), ratio);
            if mode == Mode::Free {
                if let Some(m) = mujoco_case(n, mode, mj_steps, true) {
                    let theirs = Figures { median: m.median_ms, quartiles: m.quartiles_ms };
                    let asleep = format!("{}/{n}", m.asleep);
                    row(n, "free, MuJoCo sleeping", None, &asleep, Some(&theirs), Some(theirs.median / ours.median));
                }
            }
        }
    }
}
