//! The controller side: the robot's device table and local device state, and the step that turns
//! them into a `StepRequest` and applies the `StepAnswer`.

pub mod camera;
pub mod compass;
pub mod connector;
pub mod device_table;
pub mod display;
pub mod draw;
pub mod emitter;
pub mod global;
pub mod image_file;
pub mod led;
pub mod local;
pub mod media;
pub mod motion;
pub mod motor;
pub mod radar;
pub mod radio;
pub mod ranges;
pub mod receiver;
pub mod sensor;
pub mod supervisor;
pub mod vacuum;

use std::ffi::CString;

use crate::link::Link;
use crate::protocol::{
    DeviceCommands, NodeRefId, Query, QueryAnswer, RobotCommand, RobotConfig, RobotEvent, StepAnswer, StepRequest,
    SupervisorCommand,
};

use self::supervisor::Supervision;

pub use device_table::{DeviceSlot, DeviceState};

/// Where the controller stands with respect to the end of the run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lifecycle {
    Running,
    /// `wb_robot_step` has returned -1: the next stepping call exits the process.
    QuitReturned,
}

/// What a stepping call must do once the controller state is released.
#[derive(Debug, PartialEq)]
pub enum StepResult {
    Value(i32),
    /// Clean up and `exit(0)`: the run had already ended.
    ExitNow,
}

pub struct Controller {
    link: Option<Link>,
    pub name: CString,
    pub model: CString,
    pub custom_data: CString,
    pub project_path: CString,
    pub world_path: CString,
    pub controller_name: CString,
    pub supervisor: bool,
    pub synchronization: bool,
    pub basic_time_step: f64,
    /// Index = tag; slot 0 is the robot itself.
    pub devices: Vec<DeviceSlot>,
    pub time_ms: f64,
    pub lifecycle: Lifecycle,
    pub step_begun: bool,
    pending_robot: Vec<RobotCommand>,
    pub battery_period: i32,
    pub battery_value: f64,
    pub urdf: Option<CString>,
    /// The robot's own node (`wb_supervisor_node_get_self`).
    pub node_id: NodeRefId,
    /// `WbSimulationMode` as last set or configured.
    pub simulation_mode: i32,
    pub supervision: Supervision,
}

/// A request the link would not carry (too large) is the caller's error; a run that is gone is not
/// (the step returns -1, as in Webots).
fn report_refused(func: &str, e: &std::io::Error) {
    if e.kind() == std::io::ErrorKind::InvalidData {
        eprintln!("Error: {func}(): {e}.");
    }
}

/// A C string from Rust text; interior NULs (impossible in world files) are dropped.
pub fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

impl Controller {
    pub fn new(link: Link, config: RobotConfig) -> Controller {
        let mut devices = vec![DeviceSlot::robot(&config.name, &config.model)];
        devices.extend(config.devices.iter().map(DeviceSlot::from_config));
        Controller {
            link: Some(link),
            name: c_string(&config.name),
            model: c_string(&config.model),
            custom_data: c_string(&config.custom_data),
            project_path: c_string(&config.project_path),
            world_path: c_string(&config.world_path),
            controller_name: c_string(&config.controller_name),
            supervisor: config.supervisor,
            synchronization: config.synchronization,
            basic_time_step: config.basic_time_step,
            devices,
            time_ms: config.time_ms,
            lifecycle: Lifecycle::Running,
            step_begun: false,
            pending_robot: Vec::new(),
            battery_period: 0,
            battery_value: f64::NAN,
            urdf: None,
            node_id: config.node_id,
            simulation_mode: config.simulation_mode,
            supervision: Supervision::default(),
        }
    }

    /// Queues a robot-level command for the next request.
    pub fn push_robot_command(&mut self, cmd: RobotCommand) {
        self.pending_robot.push(cmd);
    }

    pub fn set_custom_data(&mut self, data: &str) {
        self.custom_data = c_string(data);
        self.pending_robot.retain(|c| !matches!(c, RobotCommand::SetCustomData(_)));
        self.pending_robot.push(RobotCommand::SetCustomData(data.to_string()));
    }

    fn build_request(&mut self, duration_ms: u32, exiting: bool) -> StepRequest {
        let mut devices = DeviceCommands::new();
        for (tag, slot) in self.devices.iter_mut().enumerate() {
            slot.state.write_request(tag as u16, duration_ms, &mut devices);
        }
        let mut robot: Vec<RobotCommand> = self.supervision.take_sets().map(RobotCommand::Supervisor).collect();
        robot.append(&mut self.pending_robot);
        StepRequest { duration_ms, robot, devices, exiting }
    }

    /// First half of a step: sends the request. `ExitNow` when the run had already ended.
    pub fn step_begin(&mut self, duration_ms: i32) -> StepResult {
        if self.lifecycle == Lifecycle::QuitReturned {
            return StepResult::ExitNow;
        }
        let req = self.build_request(duration_ms.max(0) as u32, false);
        if let Some(link) = self.link.as_mut() {
            if let Err(e) = link.send(req) {
                report_refused("wb_robot_step", &e);
                self.link = None;
            }
        }
        self.step_begun = true;
        StepResult::Value(0)
    }

    /// Second half: waits for the answer and applies it. -1 when the run is over (or the world is gone).
    pub fn step_end(&mut self) -> i32 {
        self.step_begun = false;
        let answer = match self.link.as_mut().map(|l| l.receive()) {
            Some(Ok(answer)) => answer,
            _ => {
                self.link = None;
                StepAnswer { time_ms: self.time_ms, quit: true, ..Default::default() }
            }
        };
        self.apply_answer(&answer);
        if answer.quit {
            self.lifecycle = Lifecycle::QuitReturned;
            -1
        } else {
            0
        }
    }

    pub fn step(&mut self, duration_ms: i32) -> StepResult {
        match self.step_begin(duration_ms) {
            StepResult::ExitNow => StepResult::ExitNow,
            StepResult::Value(_) => StepResult::Value(self.step_end()),
        }
    }

    fn apply_answer(&mut self, answer: &StepAnswer) {
        self.time_ms = answer.time_ms;
        for ev in &answer.robot {
            match ev {
                RobotEvent::BatteryValue(v) => self.battery_value = *v,
                RobotEvent::SimulationMode(m) => self.simulation_mode = *m,
                RobotEvent::Supervisor(s) => self.supervisor = *s,
                RobotEvent::CustomData(data) => self.custom_data = c_string(data),
                RobotEvent::Scene(event) => {
                    let added = self.supervision.apply_event(event, answer.time_ms);
                    self.devices.extend(added.iter().map(DeviceSlot::from_config));
                }
            }
        }
        for (tag, event) in answer.devices.iter() {
            if let Some(slot) = self.devices.get_mut(tag as usize) {
                slot.state.read_event(event);
            }
        }
    }

    /// An immediate question to the world (supervisor getters). `None`, after Webots' warning, between
    /// `wb_robot_step_begin` and `wb_robot_step_end`, or when the world is gone.
    pub fn query(&mut self, func: &str, q: Query) -> Option<QueryAnswer> {
        if self.step_begun {
            eprintln!("Warning: {func}(): functions with immediate requests to Webots cannot be implemented in-between wb_robot_step_begin() and wb_robot_step_end()!");
            return None;
        }
        let answer = self.link.as_mut()?.query(q);
        answer.ok()
    }

    /// `query` for a question about the whole scene (a saved world, an exported node): the commands
    /// written before it reach the world first, as Webots applies a request's commands in order. Other
    /// getters read a queued field write back from the controller's queue instead.
    pub fn query_after_writes(&mut self, func: &str, q: Query) -> Option<QueryAnswer> {
        let pending = !self.pending_robot.is_empty() || self.supervision.has_pending_sets();
        if pending && !self.step_begun && self.lifecycle != Lifecycle::QuitReturned {
            self.send_now(func);
        }
        self.query(func, q)
    }

    /// Sends `cmd` (after the queued field writes) at once, without time passing: Webots' immediate
    /// flush. The end of the run, if the answer says so, is left for the next step to report.
    pub fn flush(&mut self, func: &str, cmd: SupervisorCommand) -> StepResult {
        if self.step_begun {
            eprintln!("Warning: {func}(): functions with immediate requests to Webots cannot be implemented in-between wb_robot_step_begin() and wb_robot_step_end()!");
            return StepResult::Value(0);
        }
        if self.lifecycle == Lifecycle::QuitReturned {
            return StepResult::ExitNow;
        }
        self.pending_robot.push(RobotCommand::Supervisor(cmd));
        self.send_now(func)
    }

    /// Sends every pending command in a request of no duration and takes its answer.
    fn send_now(&mut self, func: &str) -> StepResult {
        let req = self.build_request(0, false);
        let answer = match self.link.as_mut().map(|l| l.send(req).and_then(|_| l.receive())) {
            Some(Ok(answer)) => answer,
            other => {
                if let Some(Err(e)) = other {
                    report_refused(func, &e);
                }
                self.link = None;
                return StepResult::Value(0);
            }
        };
        self.apply_answer(&answer);
        StepResult::Value(0)
    }

    /// `wb_robot_cleanup`: sends what is still queued (a last emitter packet, say) with the exit notice.
    pub fn leave(&mut self) {
        let req = self.build_request(0, true);
        if let Some(mut link) = self.link.take() {
            if link.send(req).is_ok() {
                let _ = link.receive();
            }
        }
    }

    /// The device state behind `tag`, if it exists.
    pub fn device_state(&mut self, tag: u16) -> Option<&mut DeviceState> {
        self.devices.get_mut(tag as usize).map(|d| &mut d.state)
    }

    /// The tag of the device named `name` (tag 0 is the robot itself), if any.
    pub fn find_device(&self, name: &[u8]) -> Option<u16> {
        self.devices.iter().position(|d| d.name.as_bytes() == name).map(|t| t as u16)
    }
}
