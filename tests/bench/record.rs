//! `make bench`, replay part: what recording a replay costs, on two worlds of 100 robots driven through
//! `World` as the links drive it (no controller processes), each run twice in the same process, one
//! copy recording and one not, their steps timed in alternating chunks (so both see the same machine):
//!
//! - radio: 100 robots on a lattice 1 m apart, each broadcasting a 16-byte packet every 32 ms step to
//!   the 12 neighbours in range (2 m) and receiving every step (`radio.rs`'s world);
//! - physics: 100 e-puck-like robots (`physics/robot.rs`'s world, 16 ms step), wheels driven forward at
//!   constant speed into their walls, both distance sensors sampled every step (the default plots:
//!   motors' positions and the sensors' values, 4 per robot, 16 kept).
//!
//! Reported per world: the median and quartiles of the step's wall time with and without recording,
//! the difference, and the size of the replay of the whole minute. `WEBOTS_SHIM_BENCH_QUICK=1` records
//! 10 s instead of 60 s.

#[path = "physics/robot.rs"]
#[allow(dead_code)]
mod robot;

use std::path::{Path, PathBuf};
use std::time::Instant;

use webots_shim::controller::{DeviceSlot, DeviceState};
use webots_shim::protocol::{Command, DeviceCommand, DeviceCommands, Payload, StepAnswer, StepRequest};
use webots_shim::world::record::RecordOptions;
use webots_shim::world::scene::{parse_world_str, LoadOptions};
use webots_shim::world::World;

const N: usize = 100;
/// Steps timed per chunk, alternating between the two copies.
const CHUNK: usize = 25;

/// One copy of a world and the robots' controllers driving it.
trait Driven {
    fn world(&mut self) -> &mut World;
    /// One step (requests, the world's step, answers); its wall time in ms.
    fn step(&mut self) -> f64;
    fn step_ms(&self) -> u32;
}

struct Radio {
    world: World,
    payload: Payload,
    answers: Vec<StepAnswer>,
    due: Vec<usize>,
    steps: usize,
}

impl Radio {
    fn new() -> Radio {
        let side = (N as f64).sqrt().ceil() as usize;
        let mut text = String::from("#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n");
        for i in 0..N {
            let (x, y) = ((i % side) as f64, (i / side) as f64);
            text += &format!(
                "Robot {{ translation {x} {y} 0 name \"r{i}\" controller \"<extern>\" children [ \
                   Shape {{ geometry Cylinder {{ height 0.05 radius 0.1 }} }} Emitter {{ range 2 channel 1 }} Receiver {{ channel 1 }} ] }}\n"
            );
        }
        let scene = parse_world_str(&text, "radio.wbt", Path::new("."), &LoadOptions::default()).unwrap();
        let mut world = World::from_scene(scene, PathBuf::from("radio.wbt"));
        for r in 0..N {
            world.connect(r);
        }
        Radio {
            world,
            payload: Payload::from(&[0x5a_u8; 16][..]),
            answers: (0..N).map(|_| StepAnswer::default()).collect(),
            due: Vec::new(),
            steps: 0,
        }
    }
}

impl Driven for Radio {
    fn world(&mut self) -> &mut World {
        &mut self.world
    }

    fn step(&mut self) -> f64 {
        let start = Instant::now();
        for r in 0..N {
            let mut devices = DeviceCommands::new();
            devices.push(DeviceCommand {
                tag: 1,
                command: Command::EmitterSend { channel: 1, range: 2.0, data: self.payload.clone() },
            });
            if self.steps == 0 {
                devices.push(DeviceCommand { tag: 2, command: Command::ReceiverSampling(32) });
            }
            self.world.request(r, StepRequest { duration_ms: 32, devices, ..Default::default() });
        }
        self.world.advance_into(&mut self.due);
        for &r in &self.due {
            self.world.answer_into(r, &mut self.answers[r]);
        }
        self.steps += 1;
        start.elapsed().as_secs_f64() * 1000.0
    }

    fn step_ms(&self) -> u32 {
        32
    }
}

/// Physics robots whose controllers (the library's own device states) drive both wheels forward and
/// sample both sensors every step.
struct Wheels {
    world: World,
    controllers: Vec<Vec<DeviceSlot>>,
    answers: Vec<StepAnswer>,
    due: Vec<usize>,
    steps: usize,
}

impl Wheels {
    fn new() -> Wheels {
        let text = robot::webots_world(N);
        let scene = parse_world_str(&text, "physics.wbt", Path::new("."), &LoadOptions::default()).unwrap();
        let mut world = World::from_scene(scene, PathBuf::from("physics.wbt"));
        let controllers = (0..N)
            .map(|r| {
                let config = world.connect(r);
                let mut devices = vec![DeviceSlot::robot(&config.name, &config.model)];
                devices.extend(config.devices.iter().map(DeviceSlot::from_config));
                for slot in &mut devices {
                    match &mut slot.state {
                        DeviceState::Motor(m) => {
                            m.set_position(f64::INFINITY);
                            m.set_velocity(robot::SPEED);
                        }
                        DeviceState::Sensor(s) => s.enable(robot::STEP_MS as i32),
                        _ => {}
                    }
                }
                devices
            })
            .collect();
        Wheels { world, controllers, answers: vec![StepAnswer::default(); N], due: Vec::new(), steps: 0 }
    }
}

impl Driven for Wheels {
    fn world(&mut self) -> &mut World {
        &mut self.world
    }

    fn step(&mut self) -> f64 {
        let start = Instant::now();
        for (r, devices) in self.controllers.iter_mut().enumerate() {
            let mut req = StepRequest { duration_ms: robot::STEP_MS, ..Default::default() };
            for (tag, slot) in devices.iter_mut().enumerate() {
                slot.state.write_request(tag as u16, robot::STEP_MS, &mut req.devices);
            }
            self.world.request(r, req);
        }
        self.world.advance_into(&mut self.due);
        for &r in &self.due {
            self.world.answer_into(r, &mut self.answers[r]);
            for (tag, event) in self.answers[r].devices.iter() {
                if let Some(slot) = self.controllers[r].get_mut(tag as usize) {
                    slot.state.read_event(event);
                }
            }
        }
        self.steps += 1;
        start.elapsed().as_secs_f64() * 1000.0
    }

    fn step_ms(&self) -> u32 {
        robot::STEP_MS
    }
}

fn quartiles(mut times: Vec<f64>) -> [f64; 3] {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    [at(0.25), at(0.5), at(0.75)]
}

/// Runs both copies for `seconds` of simulated time (the recording one into `path`); returns the step
/// times without and with recording, and the replay's size in bytes.
fn compare(mut plain: impl Driven, mut recorded: impl Driven, path: &Path, seconds: f64) -> ([f64; 3], [f64; 3], u64) {
    recorded.world().start_recording(RecordOptions { path: path.to_path_buf(), ..Default::default() }).unwrap();
    let steps = (seconds * 1000.0 / f64::from(plain.step_ms())).round() as usize;
    let (mut without, mut with) = (Vec::with_capacity(steps), Vec::with_capacity(steps));
    let mut done = 0;
    while done < steps {
        let chunk = CHUNK.min(steps - done);
        for _ in 0..chunk {
            without.push(plain.step());
        }
        for _ in 0..chunk {
            with.push(recorded.step());
        }
        done += chunk;
    }
    for written in recorded.world().finish_recordings("bench") {
        written.unwrap();
    }
    let size = std::fs::metadata(path).unwrap().len();
    (quartiles(without), quartiles(with), size)
}

fn report(name: &str, (without, with, size): ([f64; 3], [f64; 3], u64), seconds: f64) {
    println!(
        "  {name:<8} {N} robots: {:.3} ms/step without recording (quartiles {:.3}-{:.3}), {:.3} ms/step recording \
         ({:.3}-{:.3}): {:+.3} ms/step ({:+.1} %); replay of {seconds} s: {:.2} MB",
        without[1],
        without[0],
        without[2],
        with[1],
        with[0],
        with[2],
        with[1] - without[1],
        (with[1] / without[1] - 1.0) * 100.0,
        size as f64 / 1e6
    );
}

fn main() {
    let seconds = if std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some() { 10.0 } else { 60.0 };
    let dir = tempfile::tempdir().unwrap();
    println!(
        "replay recording: two copies of each world in one run, steps timed in alternating chunks of {CHUNK}, \
         {seconds} s simulated"
    );
    let radio = compare(Radio::new(), Radio::new(), &dir.path().join("radio.html"), seconds);
    report("radio", radio, seconds);
    let physics = compare(Wheels::new(), Wheels::new(), &dir.path().join("physics.html"), seconds);
    report("physics", physics, seconds);
}
