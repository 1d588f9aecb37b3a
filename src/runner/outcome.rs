//! How each controller's part of a run ended, and the run's verdict.

use std::fmt;
use std::process::ExitStatus;

use serde::{Deserialize, Serialize};

use crate::world::scene::clip_name;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The world itself failed while running (a body's state became non-finite).
    WorldFailed(String),
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
            Outcome::WorldFailed(why) => write!(f, "failed: {why}"),
        }
    }
}

/// One robot's line in the run report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ControllerReport {
    pub robot: String,
    pub outcome: Outcome,
    /// Its outcome came after a supervisor quit the simulation: it was still running then.
    #[serde(default)]
    pub after_quit: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    pub controllers: Vec<ControllerReport>,
    /// Simulated time reached, in seconds.
    pub time_s: f64,
    pub interrupted: bool,
    /// The status a supervisor passed to `wb_supervisor_simulation_quit`, if one did.
    pub supervisor_quit: Option<i32>,
}

/// One reason a run fails.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The robot whose controller failed, if it is about one.
    pub robot: Option<String>,
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.robot {
            Some(robot) => write!(f, "'{}' {}", clip_name(robot), self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl RunReport {
    /// Why the run fails; empty when it passes. Without a supervisor's quit, every controller must
    /// succeed. `quit(status != 0)` fails the run; `quit(0)` passes it unless a controller had failed
    /// before: controllers still running at the quit are not held against it.
    pub fn failures(&self) -> Vec<Failure> {
        let mut why = Vec::new();
        if self.interrupted {
            why.push(Failure { robot: None, message: "the run was interrupted".into() });
        }
        if let Some(status) = self.supervisor_quit.filter(|s| *s != 0) {
            why.push(Failure {
                robot: None,
                message: format!("a supervisor quit the simulation with status {status}"),
            });
        }
        for c in self.controllers.iter().filter(|c| self.holds_against(c)) {
            why.push(Failure { robot: Some(c.robot.clone()), message: c.outcome.to_string() });
        }
        why
    }

    /// This controller's end fails the run: it did not succeed, and it was not still running when a
    /// supervisor quit.
    pub fn holds_against(&self, c: &ControllerReport) -> bool {
        (self.supervisor_quit.is_none() || !c.after_quit) && !c.outcome.is_success()
    }

    pub fn success(&self) -> bool {
        self.failures().is_empty()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ctl(robot: &str, outcome: Outcome, after_quit: bool) -> ControllerReport {
        ControllerReport { robot: robot.into(), outcome, after_quit }
    }

    fn texts(r: &RunReport) -> Vec<String> {
        r.failures().iter().map(Failure::to_string).collect()
    }

    fn report(controllers: Vec<ControllerReport>, quit: Option<i32>) -> RunReport {
        RunReport { controllers, time_s: 1.0, interrupted: false, supervisor_quit: quit }
    }

    #[test]
    fn without_a_quit_every_controller_must_succeed() {
        let ok = report(vec![ctl("a", Outcome::Exited(0), false), ctl("b", Outcome::Disconnected, false)], None);
        assert!(ok.success());
        let bad = report(vec![ctl("a", Outcome::Exited(0), false), ctl("b", Outcome::Signaled(11), false)], None);
        assert_eq!(texts(&bad), vec!["'b' crashed: killed by signal 11 (SIGSEGV)"]);
        // with no quit, "after_quit" means nothing: a failure is a failure
        let odd = report(vec![ctl("a", Outcome::Exited(2), true)], None);
        assert!(!odd.success());
    }

    #[test]
    fn quit_0_passes_and_forgives_controllers_still_running_at_the_quit() {
        let still_running = Outcome::Killed("still running 10 s after the run ended".into());
        let r = report(
            vec![
                ctl("sup", Outcome::Exited(0), true),
                ctl("loop", still_running, true),
                ctl("t", Outcome::Exited(0), false),
            ],
            Some(0),
        );
        assert!(r.success(), "{:?}", texts(&r));
    }

    #[test]
    fn quit_0_fails_when_a_controller_had_failed_before() {
        let r = report(vec![ctl("sup", Outcome::Exited(0), true), ctl("t", Outcome::Exited(1), false)], Some(0));
        assert_eq!(texts(&r), vec!["'t' exited with status 1"]);
    }

    #[test]
    fn a_non_zero_quit_fails_the_run() {
        let r = report(vec![ctl("sup", Outcome::Exited(0), true)], Some(3));
        assert_eq!(texts(&r), vec!["a supervisor quit the simulation with status 3"]);
    }

    #[test]
    fn an_interrupted_run_fails() {
        let mut r = report(vec![ctl("a", Outcome::Exited(0), false)], None);
        r.interrupted = true;
        assert_eq!(texts(&r), vec!["the run was interrupted"]);
    }

    #[test]
    fn the_report_round_trips_through_json() {
        let r = report(
            vec![
                ctl("a b", Outcome::Killed("why \"quoted\"".into()), false),
                ctl("c", Outcome::NotStarted("x".into()), true),
                ctl("d", Outcome::ProtocolError("y".into()), false),
            ],
            Some(0),
        );
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<RunReport>(&text).unwrap(), r);
    }
}
