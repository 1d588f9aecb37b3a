//! How each controller's part of a run ended, and the run's verdict.

use std::fmt;
use std::process::ExitStatus;

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The process exited with this status.
    Exited(i32),
    /// The process died of a signal.
    Signaled(i32),
    /// The runner killed it (step timeout, no exit after the run ended).
    Killed(String),
    /// It never ran (missing program, failed spawn).
    NotStarted(String),
    /// An extern controller disconnected (its exit status is not ours to see).
    Disconnected,
    /// An extern controller never connected before the run ended.
    NeverConnected,
    /// Its connection was closed for a malformed or oversized message.
    ProtocolError(String),
}

impl Outcome {
    pub fn from_status(status: ExitStatus) -> Outcome {
        use std::os::unix::process::ExitStatusExt;
        match (status.code(), status.signal()) {
            (Some(code), _) => Outcome::Exited(code),
            (None, Some(sig)) => Outcome::Signaled(sig),
            (None, None) => Outcome::Exited(-1),
        }
    }

    pub fn is_success(&self) -> bool {
        matches!(self, Outcome::Exited(0) | Outcome::Disconnected)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Exited(0) => write!(f, "exited successfully"),
            Outcome::Exited(code) => write!(f, "exited with status {code}"),
            Outcome::Signaled(sig) => {
                let name = nix::sys::signal::Signal::try_from(*sig).map(|s| s.as_str()).unwrap_or("unknown signal");
                write!(f, "crashed: killed by signal {sig} ({name})")
            }
            Outcome::Killed(why) => write!(f, "was killed: {why}"),
            Outcome::NotStarted(why) => write!(f, "could not start: {why}"),
            Outcome::Disconnected => write!(f, "(extern) disconnected"),
            Outcome::NeverConnected => write!(f, "(extern) never connected"),
            Outcome::ProtocolError(why) => write!(f, "broke the step protocol: {why}"),
        }
    }
}

/// One robot's line in the run report.
#[derive(Clone, Debug)]
pub struct ControllerReport {
    pub robot: String,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub struct RunReport {
    pub controllers: Vec<ControllerReport>,
    /// Simulated time reached, in seconds.
    pub time_s: f64,
    pub interrupted: bool,
    /// The status a supervisor passed to `wb_supervisor_simulation_quit`, if one did.
    pub supervisor_quit: Option<i32>,
}

impl RunReport {
    /// Every controller ended well; after a supervisor's `simulation_quit(0)`, controllers the runner
    /// had to stop once the run ended are not held against it.
    pub fn success(&self) -> bool {
        let quit_ok = self.supervisor_quit == Some(0);
        !self.interrupted
            && self.supervisor_quit.is_none_or(|s| s == 0)
            && self
                .controllers
                .iter()
                .all(|c| c.outcome.is_success() || quit_ok && matches!(c.outcome, Outcome::Killed(_)))
    }

    /// The runner's exit status: a supervisor's non-zero quit status as it is (like Webots), else 0 on
    /// success and 1 on failure.
    pub fn exit_status(&self) -> i32 {
        match self.supervisor_quit {
            Some(s) if s != 0 => s,
            _ if self.success() => 0,
            _ => 1,
        }
    }
}
