//! How a controller reaches its world: `InProcess` (the world lives in the controller's own process)
//! or `Socket` (the runner hosts it). Both carry the same `StepRequest`/`StepAnswer` values; a step is
//! `send` (step_begin) then `receive` (step_end).

pub mod in_process;
pub mod paths;
pub mod socket;

use std::io;

use crate::protocol::{Query, QueryAnswer, RobotConfig, StepAnswer, StepRequest};

pub use in_process::InProcess;
pub use socket::SocketLink;

pub enum Link {
    InProcess(Box<InProcess>),
    Socket(SocketLink),
}

impl Link {
    pub fn send(&mut self, req: StepRequest) -> io::Result<()> {
        match self {
            Link::InProcess(l) => l.send(req),
            Link::Socket(l) => l.send(req),
        }
    }

    /// An immediate question to the world (supervisor API): answered without time passing.
    pub fn query(&mut self, q: Query) -> io::Result<QueryAnswer> {
        match self {
            Link::InProcess(l) => l.query(q),
            Link::Socket(l) => l.query(q),
        }
    }

    pub fn receive(&mut self) -> io::Result<StepAnswer> {
        match self {
            Link::InProcess(l) => l.receive(),
            Link::Socket(l) => l.receive(),
        }
    }
}

/// Where the environment says the world is.
pub enum Target {
    /// A controller the runner launched (Webots' intern controller): the run's folder
    /// (`WEBOTS_INSTANCE_PATH`) and the robot, by node id (`WEBOTS_ROBOT_ID`) or name.
    Intern { instance: String, robot_id: Option<i32> },
    /// `WEBOTS_CONTROLLER_URL`: a runner's socket.
    Url(String),
    /// `WEBOTS_SHIM_WORLD`: load this world in-process.
    World(String),
}

/// As in Webots, a launched controller's variables come first; a variable set empty counts as unset (a
/// controller clears them to start a child as an extern controller).
pub fn target_from_env() -> Option<Target> {
    let non_empty = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let robot_id = non_empty("WEBOTS_ROBOT_ID").and_then(|v| v.trim().parse().ok());
    let intern = non_empty("WEBOTS_INSTANCE_PATH")
        .filter(|_| robot_id.is_some() || non_empty("WEBOTS_ROBOT_NAME").is_some())
        .map(|instance| Target::Intern { instance, robot_id });
    intern
        .or_else(|| non_empty("WEBOTS_CONTROLLER_URL").map(Target::Url))
        .or_else(|| non_empty("WEBOTS_SHIM_WORLD").map(Target::World))
}

/// Connects as the environment says and performs the configuration handshake.
pub fn connect(target: Target) -> Result<(Link, RobotConfig), String> {
    let robot_name = std::env::var("WEBOTS_ROBOT_NAME").unwrap_or_default();
    match target {
        Target::Intern { instance, robot_id } => {
            let socket = std::path::Path::new(&instance).join(paths::SOCKET_FILE);
            let (link, config) = SocketLink::connect_intern(&socket, robot_id, &robot_name)?;
            Ok((Link::Socket(link), config))
        }
        Target::Url(url) => {
            let (link, config) = SocketLink::connect(&url, &robot_name)?;
            Ok((Link::Socket(link), config))
        }
        Target::World(path) => {
            let until = std::env::var("WEBOTS_SHIM_UNTIL").ok();
            let (link, config) = InProcess::open(&path, &robot_name, until.as_deref())?;
            Ok((Link::InProcess(Box::new(link)), config))
        }
    }
}
