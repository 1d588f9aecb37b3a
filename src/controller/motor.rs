//! Controller-side Motor (spec motion §3.2): every setter stores its value at once (the getters read
//! it back) and marks a request; the requests of a step are sent in Webots' fixed order, whatever order
//! they were made in. The world's configure message overwrites the cache as Webots' does.

use crate::protocol::{Command, DeviceCommand, DeviceCommands, MotorSetup};

/// Webots' request ids, in the order a step sends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Request {
    Position,
    Velocity,
    AvailableForce,
    Force,
    Feedback,
    Acceleration,
    Pid,
}

const REQUESTS: usize = 7;

#[derive(Debug)]
pub struct MotorState {
    pub kind: i32,
    pub target_position: f64,
    pub velocity: f64,
    pub acceleration: f64,
    pub available_force: f64,
    pub force: f64,
    pub pid: [f64; 3],
    pub min_position: f64,
    pub max_position: f64,
    pub max_velocity: f64,
    pub max_force: f64,
    pub multiplier: f64,
    pub feedback_period: i32,
    /// NaN until the first sample.
    pub feedback: f64,
    pub brake: u16,
    pub position_sensor: u16,
    pub siblings: Vec<(u16, f64)>,
    /// The available force as last configured: the controller has not changed it while they agree.
    configured_available_force: f64,
    configured: bool,
    pending: [bool; REQUESTS],
}

impl MotorState {
    pub fn new(setup: &MotorSetup) -> MotorState {
        let mut m = MotorState {
            kind: 0,
            target_position: 0.0,
            velocity: 0.0,
            acceleration: 0.0,
            available_force: 0.0,
            force: 0.0,
            pid: [0.0; 3],
            min_position: 0.0,
            max_position: 0.0,
            max_velocity: 10.0,
            max_force: 10.0,
            multiplier: 1.0,
            feedback_period: 0,
            feedback: f64::NAN,
            brake: 0,
            position_sensor: 0,
            siblings: Vec::new(),
            configured_available_force: 10.0,
            configured: false,
            pending: [false; REQUESTS],
        };
        m.configure(setup);
        m
    }

    /// The world's configure message.
    pub fn configure(&mut self, setup: &MotorSetup) {
        self.kind = setup.kind;
        self.min_position = setup.min_position;
        self.max_position = setup.max_position;
        self.max_velocity = setup.max_velocity;
        self.acceleration = setup.acceleration;
        self.max_force = setup.max_force;
        // the available force follows the maximum unless the controller changed it; then it is only
        // clipped to it
        if !self.configured || self.available_force == self.configured_available_force {
            self.available_force = setup.max_force;
            self.configured_available_force = setup.max_force;
        } else {
            self.configured_available_force = self.configured_available_force.min(setup.max_force);
            self.available_force = self.available_force.min(setup.max_force);
        }
        self.pid = setup.pid;
        self.target_position = setup.target_position;
        self.velocity = setup.target_velocity;
        self.multiplier = setup.multiplier;
        self.brake = setup.brake;
        self.position_sensor = setup.position_sensor;
        self.siblings.clone_from(&setup.siblings);
        self.configured = true;
    }

    fn ask(&mut self, r: Request) {
        self.pending[r as usize] = true;
    }

    pub fn set_position(&mut self, p: f64) {
        self.target_position = p;
        self.ask(Request::Position);
    }

    pub fn set_velocity(&mut self, v: f64) {
        self.velocity = v;
        self.ask(Request::Velocity);
    }

    pub fn set_acceleration(&mut self, a: f64) {
        self.acceleration = a;
        self.ask(Request::Acceleration);
    }

    pub fn set_available_force(&mut self, f: f64) {
        self.available_force = f;
        self.ask(Request::AvailableForce);
    }

    pub fn set_force(&mut self, f: f64) {
        self.force = f;
        self.ask(Request::Force);
    }

    pub fn set_pid(&mut self, pid: [f64; 3]) {
        self.pid = pid;
        self.ask(Request::Pid);
    }

    pub fn enable_feedback(&mut self, period: i32) {
        self.feedback_period = period;
        self.ask(Request::Feedback);
    }

    pub fn write_request(&mut self, tag: u16, out: &mut DeviceCommands) {
        for (i, pending) in self.pending.iter_mut().enumerate() {
            if !std::mem::take(pending) {
                continue;
            }
            let command = match i {
                0 => Command::MotorPosition(self.target_position),
                1 => Command::MotorVelocity(self.velocity),
                2 => Command::MotorAvailableForce(self.available_force),
                3 => Command::MotorForce(self.force),
                4 => Command::MotorFeedback(self.feedback_period.max(0) as u32),
                5 => Command::MotorAcceleration(self.acceleration),
                _ => Command::MotorPid(self.pid),
            };
            out.push(DeviceCommand { tag, command });
        }
    }
}
