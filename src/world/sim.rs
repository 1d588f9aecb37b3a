//! `World`: a loaded scene plus time, the lockstep schedule and the robots' world-side state. Both links
//! drive it the same way: `request` for each controller request, `advance` while `ready_to_advance`,
//! `answer` for every robot whose step has elapsed.

use std::path::{Path, PathBuf};

use super::obstacles::Obstacles;
use super::radio::nodes::{EmitterNode, Packet, ReceiverNode};
use super::radio::{Radio, RadioDevice};
use super::robot_table::{robot_config, robot_entries, ControllerSpec, RobotEntry};
use super::sampling::Sampling;
use super::scene::{load_world, LoadOptions, Scene, WorldError};
use super::scheduler::{Scheduler, Slot};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{
    Command, DeviceCommand, DeviceEvent, DeviceSetup, RobotCommand, RobotConfig, RobotEvent, StepAnswer, StepRequest,
};

/// World-side state of one robot that is not in the scene tree.
#[derive(Clone, Debug, Default)]
struct RobotState {
    battery: Sampling,
    /// Requests received since the last step, applied in world order when time advances.
    pending: Option<StepRequest>,
    /// Events waiting for the robot's next answer.
    outbox: Vec<RobotEvent>,
}

pub struct World {
    scene: Scene,
    world_path: PathBuf,
    robots: Vec<RobotEntry>,
    states: Vec<RobotState>,
    scheduler: Scheduler,
    until_ms: Option<f64>,
    radio: Radio,
    obstacles: Obstacles,
    /// Per robot, per device (tag - 1): its place in the radio, if it is an emitter or receiver.
    device_map: Vec<Vec<Option<RadioDevice>>>,
    warnings: Vec<String>,
    /// Per robot, device events waiting for its next answer.
    device_outboxes: Vec<Vec<DeviceEvent>>,
}

impl World {
    pub fn load(path: &Path, opts: &LoadOptions) -> Result<World, WorldError> {
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let scene = load_world(&abs, opts)?;
        Ok(World::from_scene(scene, abs))
    }

    pub fn from_scene(scene: Scene, world_path: PathBuf) -> World {
        let robots = robot_entries(&scene);
        let robots_len = robots.len();
        let info = scene.world_info();
        let mut warnings = Vec::new();
        let mut radio = Radio::new(&scene);
        let (emitter, receiver) = (node_type_from_name("Emitter"), node_type_from_name("Receiver"));
        let device_map = robots
            .iter()
            .enumerate()
            .map(|(robot, entry)| {
                entry
                    .devices
                    .iter()
                    .enumerate()
                    .map(|(i, &node)| match scene.node_type(node) {
                        t if t == emitter => {
                            Some(radio.add_emitter(EmitterNode::from_scene(&scene, node, &mut warnings)))
                        }
                        t if t == receiver => Some(radio.add_receiver(
                            ReceiverNode::from_scene(&scene, node, info.random_seed, &mut warnings),
                            robot,
                            (i + 1) as u16,
                        )),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        radio.refresh(&scene);
        let obstacles = Obstacles::from_scene(&scene);
        World {
            obstacles,
            states: vec![RobotState::default(); robots.len()],
            scheduler: Scheduler::new(robots.len(), info.basic_time_step),
            robots,
            scene,
            world_path,
            until_ms: None,
            radio,
            device_map,
            warnings,
            device_outboxes: vec![Vec::new(); robots_len],
        }
    }

    /// Replaces `WorldInfo.randomSeed` for every noisy device (the runner's `--seed`).
    pub fn set_seed(&mut self, seed: i32) {
        self.radio.reseed(seed);
    }

    /// Problems found in the world's device fields (Webots' load-time warnings).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    pub fn world_path(&self) -> &Path {
        &self.world_path
    }

    pub fn robots(&self) -> &[RobotEntry] {
        &self.robots
    }

    pub fn basic_time_step_ms(&self) -> f64 {
        self.scene.world_info().basic_time_step
    }

    pub fn time_ms(&self) -> f64 {
        self.scheduler.time_ms()
    }

    /// The run ends at this simulated time: every controller is then answered with `quit`.
    pub fn set_until(&mut self, until_ms: Option<f64>) {
        self.until_ms = until_ms;
    }

    pub fn is_over(&self) -> bool {
        self.until_ms.is_some_and(|u| self.time_ms() + 1e-9 >= u)
    }

    /// The robot a controller asks for: by index (launched by the runner), else by name, else the
    /// only robot with a controller.
    pub fn find_robot(&self, name: &str, index: Option<usize>) -> Result<usize, String> {
        if let Some(i) = index {
            return if i < self.robots.len() { Ok(i) } else { Err(format!("no robot with index {i}")) };
        }
        if !name.is_empty() {
            return self
                .robots
                .iter()
                .position(|r| r.name == name)
                .ok_or_else(|| format!("the world has no robot named '{name}'"));
        }
        let with_controller: Vec<usize> =
            (0..self.robots.len()).filter(|&i| self.robots[i].controller != ControllerSpec::None).collect();
        match with_controller.as_slice() {
            [only] => Ok(*only),
            [] if self.robots.len() == 1 => Ok(0),
            _ => Err(format!(
                "the world has several robots ({}); set WEBOTS_ROBOT_NAME to choose one",
                self.robots.iter().map(|r| format!("'{}'", r.name)).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// A controller connected to robot `robot`: its configuration. The world now waits for its first
    /// request.
    pub fn connect(&mut self, robot: usize) -> RobotConfig {
        self.scheduler.set_running(robot);
        let map = &self.device_map[robot];
        let radio = &self.radio;
        robot_config(&self.scene, &self.robots[robot], &self.world_path, self.time_ms(), |i| match map[i] {
            Some(RadioDevice::Emitter(e)) => DeviceSetup::Emitter(radio.emitters[e].setup.clone()),
            Some(RadioDevice::Receiver(r)) => DeviceSetup::Receiver(radio.receivers[r].setup.clone()),
            None => DeviceSetup::Plain,
        })
    }

    /// The controller of `robot` is gone; the world stops waiting for it.
    pub fn disconnect(&mut self, robot: usize) {
        if let Some(req) = self.states[robot].pending.take() {
            self.apply(robot, &req);
        }
        self.scheduler.set_idle(robot);
        self.radio.silence_robot(robot);
        self.device_outboxes[robot].clear();
    }

    /// A step request. Returns true when it is answered at once (duration 0, or the run is over):
    /// call `answer` right away. Otherwise it waits for time to pass.
    pub fn request(&mut self, robot: usize, req: StepRequest) -> bool {
        if req.exiting {
            self.apply(robot, &req);
            self.scheduler.set_idle(robot);
            return true;
        }
        let immediate = self.scheduler.request(robot, req.duration_ms) || self.is_over();
        if immediate {
            self.scheduler.set_running(robot);
            self.apply(robot, &req);
        } else {
            self.states[robot].pending = Some(req);
        }
        immediate
    }

    pub fn ready_to_advance(&self) -> bool {
        self.scheduler.ready_to_advance() && !self.is_over()
    }

    /// One basic step: pending requests in world order, then the devices, then time. Returns the robots
    /// to answer now (their duration elapsed, or the run just ended), in world order.
    pub fn advance(&mut self) -> Vec<usize> {
        for robot in 0..self.robots.len() {
            if let Some(req) = self.states[robot].pending.take() {
                self.apply(robot, &req);
            }
        }
        let (scene, obstacles) = (&self.scene, &self.obstacles);
        self.radio.transmit(&|from, to, emitting, receiving| {
            // the emitting robot's body never blocks; the receiving robot's only with selfCollision
            let self_collision = receiving.is_some_and(|r| scene.sf_bool(r, "selfCollision"));
            let ignored = [emitting, if self_collision { None } else { receiving }];
            obstacles.blocks(from, to, &ignored)
        });
        let mut due = self.scheduler.advance();
        let now = self.time_ms();
        self.radio.sample(now, &mut self.device_outboxes);
        for (robot, state) in self.states.iter_mut().enumerate() {
            if state.battery.due(now) {
                let value = battery_value(&self.scene, self.robots[robot].node, now);
                state.outbox.push(RobotEvent::BatteryValue(value));
            }
        }
        due.extend(self.release_waiting());
        due.sort_unstable();
        due.dedup();
        due
    }

    /// Once the run is over, every robot still waiting for time is to be answered (with `quit`).
    pub fn release_waiting(&mut self) -> Vec<usize> {
        if !self.is_over() {
            return Vec::new();
        }
        let waiting: Vec<usize> = self.scheduler.waiting().collect();
        for &robot in &waiting {
            self.scheduler.set_running(robot);
        }
        waiting
    }

    /// The answer for a robot whose step elapsed (or an immediate request).
    pub fn answer(&mut self, robot: usize) -> StepAnswer {
        StepAnswer {
            time_ms: self.time_ms(),
            quit: self.is_over(),
            robot: std::mem::take(&mut self.states[robot].outbox),
            devices: {
                // the next step likely delivers as much: start the new list at that size
                let outbox = &mut self.device_outboxes[robot];
                let capacity = outbox.len();
                std::mem::replace(outbox, Vec::with_capacity(capacity))
            },
        }
    }

    pub fn is_waiting(&self, robot: usize) -> bool {
        matches!(self.scheduler.slot(robot), Slot::Waiting { .. })
    }

    fn apply(&mut self, robot: usize, req: &StepRequest) {
        let now = self.time_ms();
        for cmd in &req.robot {
            match cmd {
                RobotCommand::SetCustomData(data) => {
                    if let Some(super::scene::FieldValue::SFString(s)) =
                        self.scene.field_mut(self.robots[robot].node, "customData")
                    {
                        s.clone_from(data);
                    }
                }
                RobotCommand::BatterySampling(period) => self.states[robot].battery.set_period(*period, now),
            }
        }
        req.devices.iter().for_each(|cmd| self.apply_device_command(robot, cmd));
    }

    /// A device command, handed to the device's world side. Commands for a tag that is not of the
    /// command's device type are ignored (the controller library never sends them).
    fn apply_device_command(&mut self, robot: usize, cmd: &DeviceCommand) {
        let now = self.time_ms();
        let device = (cmd.tag as usize).checked_sub(1).and_then(|i| self.device_map[robot].get(i).copied().flatten());
        match (&cmd.command, device) {
            (Command::EmitterSend { channel, range, data }, Some(RadioDevice::Emitter(e))) => self.radio.emitters[e]
                .queue
                .push(Packet { channel: *channel, range: *range, data: data.as_slice().into() }),
            (Command::ReceiverSampling(period), Some(RadioDevice::Receiver(r))) => {
                self.radio.receivers[r].sampling.set_period(*period, now)
            }
            (Command::ReceiverChannel(channel), Some(RadioDevice::Receiver(r))) => {
                let r = &mut self.radio.receivers[r];
                r.channel = *channel;
                r.channel_changed = !r.waiting.is_empty();
            }
            _ => {}
        }
    }
}

/// Battery energy in joules: the first `battery` entry drained by `cpuConsumption` watts over the
/// simulated time; NaN when the robot has no battery.
fn battery_value(scene: &Scene, robot: usize, now_ms: f64) -> f64 {
    let battery = match scene.field(robot, "battery") {
        Some(super::scene::FieldValue::MFFloat(v)) if !v.is_empty() => v.clone(),
        _ => return f64::NAN,
    };
    let drain = scene.sf_float(robot, "cpuConsumption") * now_ms / 1000.0;
    (battery[0] - drain).max(0.0)
}
