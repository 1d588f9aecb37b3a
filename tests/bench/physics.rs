//! `make bench`, physics part: N differential-drive robots on a floor, each in front of a wall, with two
//! wheel motors and two distance sensors (see `physics/robot.rs` for the robot, its numbers and its
//! controller), N = 1, 100, 1 000, at a 16 ms basic time step, driven through `World` as the links
//! drive it (no controller processes): every robot sends a step request each step, built by the
//! controller library's own device states (`MotorState`, `SensorState`) from what its controller did
//! — both motors in velocity control (`set_position(INFINITY)`), both sensors enabled at the basic
//! time step — and its answer's samples go back into them. Reports the median and quartiles of the
//! per-step wall time (the world's step with the requests and answers, not the controllers' own
//! arithmetic), the real-time factor (16 ms / step) and how many robots are asleep at the end.
//!
//! Two modes: driving (every robot shuttles in front of its wall, setting its wheels' velocities from
//! its readings every step: always moving) and standing (the wheels set to 0 once, the motors holding
//! them, the sensors still sampled every step; a body at rest may fall asleep after
//! `physicsDisableTime`, 1 s, which makes it the cheap case when it does).
//!
//! The same scene runs in MuJoCo in the same run (the `mujoco` package installed into
//! target/bench-venv; skipped with a message when that fails): velocity actuators on the wheels, two
//! `rangefinder`s per robot, the same controller; standing is run again with MuJoCo's sleeping on, and
//! driving again with the rangefinders taken out of MuJoCo's step ("no rays": MuJoCo casts each ray
//! against every geom, which dominates its step at 1 000 robots; the controller then gets the same
//! distances computed outside the step, so the robots move the same). The last column is
//! webots-shim's steps per second divided by MuJoCo's.
//!
//! Before timing, a scene check on 4 robots, which stops the bench if it fails (a broken scene is not
//! benchmarked): standing, after settling for a quarter period, a robot moves less than
//! `REST_TOLERANCE` in a second; driving from rest, robot 0 covers what its wheels' speed gives
//! (v = ω r; within 5 %, see `DRIVE_TOLERANCE`) over the steps 16 to 32; every sample of every sensor
//! on the way is the distance to the wall that the robot's pose gives (within 1 µm), and the robots
//! turn back before the wall. MuJoCo's figures for the
//! same checks are printed next to them.
//!
//! `WEBOTS_SHIM_BENCH_ONLY=N` runs only the N-robot cases, `WEBOTS_SHIM_BENCH_MODE=driving|standing`
//! one mode, `WEBOTS_SHIM_BENCH_STEPS=K` times K steps (for a profiler), `WEBOTS_SHIM_BENCH_NO_MUJOCO=1`
//! skips MuJoCo; `WEBOTS_SHIM_BENCH_QUICK=1` shortens everything.

#[path = "physics/mujoco.rs"]
mod mujoco;
#[path = "physics/robot.rs"]
mod robot;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use webots_shim::controller::{DeviceSlot, DeviceState};
use webots_shim::protocol::{NodeRefId, Query, QueryAnswer, StepAnswer, StepRequest};
use webots_shim::world::scene::{parse_world_str, LoadOptions};
use webots_shim::world::supervisor::fields::ref_id;
use webots_shim::world::World;

use robot::{Shuttle, STEP_MS};

/// Steps of a quarter period: the windows of the scene check and MuJoCo's chunks.
const QUARTER: usize = 32;
/// Warm-up steps before timing: past the first second (the robots settle, and may fall asleep).
const WARMUP: usize = 3 * QUARTER;
/// The scene check's window for the wheels' speed, in steps from the start (the wheels are at full
/// speed from step 16 on, and the robots turn back after step 32).
const DRIVE: [usize; 2] = [16, 32];

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Driving,
    Standing,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Driving => "driving",
            Mode::Standing => "standing",
        }
    }
}

/// One robot's controller: its devices as the controller library keeps them (index = tag), the tags of
/// its motors and sensors, and its shuttle.
struct Controller {
    devices: Vec<DeviceSlot>,
    motors: [u16; 2],
    sensors: [u16; 2],
    shuttle: Shuttle,
}

impl Controller {
    fn new(config: &webots_shim::protocol::RobotConfig) -> Controller {
        let mut devices = vec![DeviceSlot::robot(&config.name, &config.model)];
        devices.extend(config.devices.iter().map(DeviceSlot::from_config));
        let tag = |name: &str| {
            let i = config.devices.iter().position(|d| d.name == name).unwrap_or_else(|| panic!("no device {name}"));
            (i + 1) as u16
        };
        Controller {
            motors: robot::MOTORS.map(tag),
            sensors: robot::SENSORS.map(tag),
            devices,
            shuttle: Shuttle::default(),
        }
    }

    fn motor(&mut self, k: usize) -> &mut webots_shim::controller::motor::MotorState {
        match &mut self.devices[self.motors[k] as usize].state {
            DeviceState::Motor(m) => m,
            _ => panic!("not a motor"),
        }
    }

    fn sensor(&mut self, k: usize) -> &mut webots_shim::controller::sensor::SensorState {
        match &mut self.devices[self.sensors[k] as usize].state {
            DeviceState::Sensor(s) => s,
            _ => panic!("not a sensor"),
        }
    }

    /// The last readings (left, right), NaN before the first sample.
    fn readings(&mut self) -> [f64; 2] {
        [self.sensor(0).values[0], self.sensor(1).values[0]]
    }

    /// What the controller does before its step `k`: at its first step, velocity control and both
    /// sensors on; then its wheels' velocities (every step driving, once standing).
    fn control(&mut self, mode: Mode, k: usize) {
        if k == 0 {
            for i in 0..2 {
                self.motor(i).set_position(f64::INFINITY);
                self.sensor(i).enable(STEP_MS as i32);
            }
        }
        let velocities = match mode {
            Mode::Driving => {
                let readings = self.readings();
                self.shuttle.wheels(readings)
            }
            Mode::Standing if k == 0 => [0.0; 2],
            Mode::Standing => return,
        };
        for (i, v) in velocities.into_iter().enumerate() {
            self.motor(i).set_velocity(v);
        }
    }

    fn request(&mut self, out: &mut StepRequest) {
        out.duration_ms = STEP_MS;
        out.devices.clear();
        for (tag, slot) in self.devices.iter_mut().enumerate() {
            slot.state.write_request(tag as u16, STEP_MS, &mut out.devices);
        }
    }

    fn read(&mut self, answer: &StepAnswer) {
        for (tag, event) in answer.devices.iter() {
            if let Some(slot) = self.devices.get_mut(tag as usize) {
                slot.state.read_event(event);
            }
        }
    }
}

/// A world of `n` robots driven as a runner drives it.
struct Swarm {
    world: World,
    n: usize,
    robots: Vec<NodeRefId>,
    controllers: Vec<Controller>,
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
        let robots: Vec<_> = (0..n).map(|i| *ids.get(robot::defs(i)[0].as_str()).expect("robot node")).collect();
        let controllers = (0..n).map(|i| Controller::new(&world.connect(i))).collect();
        Swarm { world, n, robots, controllers, due: Vec::new(), answers: vec![StepAnswer::default(); n], steps: 0 }
    }

    /// One step: the controllers decide (untimed), then every robot's request, the world's step and
    /// every answer; returns the latter's wall time in ms.
    fn step(&mut self, mode: Mode) -> f64 {
        for c in &mut self.controllers {
            c.control(mode, self.steps);
        }
        let start = Instant::now();
        for (r, c) in self.controllers.iter_mut().enumerate() {
            let mut req = StepRequest::default();
            c.request(&mut req);
            self.world.request(r, req);
        }
        self.world.advance_into(&mut self.due);
        for &r in &self.due {
            self.world.answer_into(r, &mut self.answers[r]);
            self.controllers[r].read(&self.answers[r]);
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        self.steps += 1;
        let warnings = self.world.take_runtime_warnings();
        assert!(warnings.is_empty(), "{warnings:?}");
        ms
    }

    /// Robot `i`'s pose (world frame), as a supervisor reads it: row-major 4 × 4.
    fn pose(&self, i: usize) -> [f64; 16] {
        match self.world.query(0, &Query::Pose { node: self.robots[i], from: None }) {
            QueryAnswer::Pose(Some(m)) => m,
            other => panic!("no pose: {other:?}"),
        }
    }

    fn position(&self, i: usize) -> [f64; 3] {
        let m = self.pose(i);
        [m[3], m[7], m[11]]
    }

    /// What robot `i`'s sensors should read from its pose: the distances along their rays to its wall.
    fn expected_readings(&self, i: usize) -> [f64; 2] {
        let m = self.pose(i);
        let turn = |v: [f64; 3]| -> [f64; 3] { std::array::from_fn(|row| (0..3).map(|c| m[4 * row + c] * v[c]).sum()) };
        [1.0, -1.0].map(|side| {
            let [x, y, z] = robot::SENSOR_POSITION;
            let angle = side * robot::SENSOR_ANGLE;
            let origin = turn([x, side * y, z]);
            let origin = [origin[0] + m[3], origin[1] + m[7], origin[2] + m[11]];
            robot::expected_reading(i, self.n, origin, turn([angle.cos(), angle.sin(), 0.0]))
        })
    }

    /// A hash of every robot's pose and last readings: runs that are bit-identical give the same.
    fn digest(&mut self) -> u64 {
        let mut bits = Vec::new();
        for i in 0..self.n {
            bits.extend(self.pose(i));
            bits.extend(self.controllers[i].readings());
        }
        // FNV-1a over the values' bits
        bits.iter()
            .flat_map(|v| v.to_bits().to_le_bytes())
            .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
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

/// What the scene check measured.
struct Check {
    /// Standing: how deep a robot settles into the floor in a quarter period, its largest displacement
    /// over the next second.
    depth: f64,
    rest: f64,
    /// Driving: robot 0's drive along x over the check's window; the largest sensor error seen; the
    /// step at which robot 0 turned back.
    drive: f64,
    sensor_error: f64,
    turned: usize,
    /// The state at the end of the driving run.
    digest: u64,
}

/// How far from ω r the scene check lets a robot's drive be. The engine's contacts are soft as Webots'
/// (softERP, softCFM): the 50 g wheels sink 0.9 mm into the floor and roll on a slightly smaller radius;
/// webots-shim covers 2 % less than ω r (MuJoCo: 4 % more).
const DRIVE_TOLERANCE: f64 = 0.05;

/// How far the scene check lets a standing robot move in a second once settled (its motors hold its
/// wheels; it moves about 0.01 mm, then sleeps).
const REST_TOLERANCE: f64 = 1e-4;

/// The distance the wheels' speed gives over the window.
fn wheel_distance() -> f64 {
    robot::SPEED * robot::WHEEL_RADIUS * (DRIVE[1] - DRIVE[0]) as f64 * f64::from(STEP_MS) / 1000.0
}

/// The scene against mechanics and geometry, on 4 robots. Panics when the scene is broken.
fn self_check() -> Check {
    let (settle, second) = (QUARTER, (1000 / STEP_MS) as usize);
    let mut rest = Swarm::new(4);
    for _ in 0..settle {
        rest.step(Mode::Standing);
    }
    let settled: Vec<_> = (0..4).map(|i| rest.position(i)).collect();
    let depth = settled.iter().map(|p| -p[2]).fold(f64::MIN, f64::max);
    let mut moved: f64 = 0.0;
    for _ in 0..second {
        rest.step(Mode::Standing);
        moved = moved.max((0..4).map(|i| distance(rest.position(i), settled[i])).fold(0.0, f64::max));
    }
    assert!(moved < REST_TOLERANCE, "scene check: a robot standing moved {:.3} mm in a second", moved * 1e3);
    let mut driving = Swarm::new(4);
    let (mut from, mut drive, mut sensor_error, mut turned) = ([0.0; 3], 0.0, 0.0f64, 0);
    for k in 1..=2 * second {
        driving.step(Mode::Driving);
        for i in 0..4 {
            let (read, expected) = (driving.controllers[i].readings(), driving.expected_readings(i));
            for s in 0..2 {
                sensor_error = sensor_error.max((read[s] - expected[s]).abs());
            }
        }
        if k == DRIVE[0] {
            from = driving.position(0);
        } else if k == DRIVE[1] {
            drive = driving.position(0)[0] - from[0];
        }
        if turned == 0 && !driving.controllers[0].shuttle.forward {
            turned = k;
        }
    }
    assert!(
        sensor_error < 1e-6,
        "scene check: a sensor read {:.4} mm off the distance to its wall",
        sensor_error * 1e3
    );
    let expected = wheel_distance();
    assert!(
        (drive - expected).abs() < DRIVE_TOLERANCE * expected,
        "scene check: a robot drove {:.2} mm, its wheels' speed gives {:.2} mm",
        drive * 1e3,
        expected * 1e3
    );
    assert!(turned > 0, "scene check: a robot never turned back before its wall");
    Check { depth, rest: moved, drive, sensor_error, turned, digest: driving.digest() }
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

/// webots-shim: the per-step times of `steps` steps after the warm-up, how many robots stand still,
/// and the state's digest at the end.
fn shim_case(n: usize, mode: Mode, steps: usize) -> (Figures, usize, u64) {
    let mut swarm = Swarm::new(n);
    for _ in 0..WARMUP {
        swarm.step(mode);
    }
    let times = (0..steps).map(|_| swarm.step(mode)).collect();
    (figures(times), swarm.still(), swarm.digest())
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
    println!("  {n:>5} {what:<24} {:>39} {still:>9}   {:>39}   {ratio:>8}", cell(ms), cell(theirs));
}

fn main() {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    let env = |name: &str| std::env::var(name).ok();
    println!(
        "physics: N e-puck-like robots (box body + caster ball, 2 wheels on hinges with velocity-controlled motors, \
         2 distance sensors) each shuttling in front of a wall, {STEP_MS} ms step, through World; \
         rapier3d-f64 0.36 (enhanced-determinism, 4 substeps per step; a dedicated pool of {} thread(s) from {} bodies up, \
         which also measures the sensors when {} samples or more are due)",
        webots_shim::world::physics::solver_threads(),
        webots_shim::world::physics::SHARED_FROM_BODIES,
        webots_shim::world::devices::sensor::PARALLEL_SAMPLES_FROM
    );
    let check = self_check();
    let quarter_s = QUARTER as f64 * f64::from(STEP_MS) / 1000.0;
    let window_s = (DRIVE[1] - DRIVE[0]) as f64 * f64::from(STEP_MS) / 1000.0;
    println!(
        "  scene check, webots-shim: standing settles {:.2} mm deep in {quarter_s:.3} s, then moves {:.3} mm in 1 s \
         (limit {:.1} mm); driving covers {:.2} mm in {window_s:.3} s (wheels' ω r: {:.2} mm, {:+.1} %), turns back at step {}; \
         sensors off the wall's distance by at most {:.1e} m; state after 2 s driving {:016x}",
        check.depth * 1e3,
        check.rest * 1e3,
        REST_TOLERANCE * 1e3,
        check.drive * 1e3,
        wheel_distance() * 1e3,
        (check.drive / wheel_distance() - 1.0) * 100.0,
        check.turned,
        check.sensor_error,
        check.digest,
    );
    let python = if env("WEBOTS_SHIM_BENCH_NO_MUJOCO").is_some() {
        Err("WEBOTS_SHIM_BENCH_NO_MUJOCO is set".to_string())
    } else {
        mujoco::python()
    };
    let mujoco_case = |n: usize, mode: Mode, steps: usize, sleep: bool, geometric: bool| {
        let python = python.as_ref().ok()?;
        let run =
            mujoco::Case { mode: mode.name(), quarter: QUARTER, drive: DRIVE, warmup: WARMUP, steps, sleep, geometric };
        match mujoco::run(python, &robot::mjcf(n), &run) {
            Ok(run) => Some(run),
            Err(e) => {
                println!("  MuJoCo failed: {}", e.trim());
                None
            }
        }
    };
    match &python {
        Ok(_) => {
            let (standing, driving) = (
                mujoco_case(4, Mode::Standing, QUARTER, false, false),
                mujoco_case(4, Mode::Driving, QUARTER, false, false),
            );
            if let (Some(standing), Some(driving)) = (standing, driving) {
                println!(
                    "  scene check, MuJoCo {}: standing settles {:.2} mm deep, then moves {:.3} mm in 1 s; driving covers \
                     {:.2} mm ({:+.1} %), turns back at step {}; sensors off the wall's distance by at most {:.1e} m; wheel torques up to {:.3} N·m",
                    standing.version,
                    standing.depth_m * 1e3,
                    standing.rest_m * 1e3,
                    driving.drive_m * 1e3,
                    (driving.drive_m / wheel_distance() - 1.0) * 100.0,
                    driving.turned,
                    driving.sensor_error_m,
                    driving.torque_nm.max(standing.torque_nm),
                );
            }
            println!(
                "  MuJoCo: the same scene as MJCF, default options (Newton solver, pyramidal cone, up to 100 iterations, \
                 constraint islands, no sleeping unless said) but the implicitfast integrator, timestep 0.016; each \
                 step one mj_step (the controller's numpy arithmetic between steps is not timed)"
            );
        }
        Err(why) => println!("  MuJoCo skipped: {why}"),
    }
    println!(
        "  {:>5} {:<24} {:>39} {:>9}   {:>39}   {:>8}",
        "N", "robots", "webots-shim ms/step (quartiles)   RTF", "asleep", "MuJoCo ms/step (quartiles)   RTF", "shim/MJ"
    );
    let mut digests = Vec::new();
    for (n, steps) in [(1usize, 16 * 4 * QUARTER), (100, 4 * 4 * QUARTER), (1000, 2 * 4 * QUARTER)] {
        if env("WEBOTS_SHIM_BENCH_ONLY").is_some_and(|only| only != n.to_string()) {
            continue;
        }
        let steps = if quick { 4 * QUARTER } else { steps };
        let steps = env("WEBOTS_SHIM_BENCH_STEPS").and_then(|s| s.parse().ok()).unwrap_or(steps);
        for mode in [Mode::Driving, Mode::Standing] {
            if env("WEBOTS_SHIM_BENCH_MODE").is_some_and(|m| m != mode.name()) {
                continue;
            }
            let (ours, still, digest) = shim_case(n, mode, steps);
            digests.push(format!("{n} {} {digest:016x}", mode.name()));
            let figures = |m: mujoco::Run| (Figures { median: m.median_ms, quartiles: m.quartiles_ms }, m.asleep);
            let theirs = mujoco_case(n, mode, steps, false, false).map(figures);
            let ratio = theirs.as_ref().map(|t| t.0.median / ours.median);
            row(n, mode.name(), Some(&ours), &format!("{still}/{n}"), theirs.as_ref().map(|t| &t.0), ratio);
            let (variant, sleep, geometric) = match mode {
                Mode::Driving => ("driving, MuJoCo no rays", false, true),
                Mode::Standing => ("standing, MuJoCo sleeping", true, false),
            };
            if let Some((theirs, asleep)) = mujoco_case(n, mode, steps, sleep, geometric).map(figures) {
                let ratio = Some(theirs.median / ours.median);
                row(n, variant, None, &format!("{asleep}/{n}"), Some(&theirs), ratio);
            }
        }
    }
    println!("  states at the end (equal between builds: bit-identical runs): {}", digests.join(", "));
}
