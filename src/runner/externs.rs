//! The `<extern>` robots of a run: whether each waits for a controller, holds simulated time meanwhile,
//! and what the run says when a controller joins or leaves. Every join and leave goes through
//! `Extern::joined` / `Extern::left`, and the console lines come from the `ExternEvent`s they return.
//!
//! Webots' rule (its controlled world's wait): a synchronous `<extern>` robot without a controller holds
//! simulated time, before its first controller and between two; an asynchronous one never does. A
//! robot whose controller left takes the next one. `webots-shim run` keeps that rule until a robot's
//! first controller has come; after one has left, the robot holds time again only with `--keep-extern`
//! (otherwise a run whose extern controller ended would wait for ever).

use super::outcome::Outcome;

/// One `<extern>` robot's side of the run.
#[derive(Clone, Debug)]
pub struct Extern {
    /// Its `synchronization` field, as last read (at the start, and when a controller leaves).
    pub synchronous: bool,
    /// Controllers that have joined so far.
    pub joins: u32,
    /// A controller is connected now.
    pub connected: bool,
    /// The last controller's connection was closed for breaking the protocol.
    pub error: Option<String>,
}

/// What happened to an extern robot, for the console.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExternEvent {
    Connected,
    Disconnected,
}

impl Extern {
    pub fn new(synchronous: bool) -> Extern {
        Extern { synchronous, joins: 0, connected: false, error: None }
    }

    /// Whether simulated time waits for this robot's next controller. `keep`: `--keep-extern`.
    pub fn holds_time(&self, keep: bool) -> bool {
        !self.connected && self.synchronous && (self.joins == 0 || keep)
    }

    /// Whether the run may end without this robot getting a (new) controller.
    pub fn lets_the_run_end(&self, keep: bool, world_over: bool) -> bool {
        !self.connected && (world_over || (self.joins > 0 && !keep))
    }

    pub fn joined(&mut self) -> ExternEvent {
        self.joins += 1;
        self.connected = true;
        self.error = None;
        ExternEvent::Connected
    }

    /// Its controller left; `synchronous` is the robot's field now (a controller may change it on its
    /// way out, as Webots' own extern test does so that its exit does not hold the world).
    pub fn left(&mut self, synchronous: bool, error: Option<String>) -> ExternEvent {
        self.connected = false;
        self.synchronous = synchronous;
        self.error = error;
        ExternEvent::Disconnected
    }

    /// How its part of the run ended.
    pub fn outcome(&self) -> Outcome {
        match (&self.error, self.joins) {
            (Some(why), _) => Outcome::ProtocolError(why.clone()),
            (None, 0) => Outcome::NeverConnected,
            (None, _) => Outcome::Disconnected,
        }
    }
}

impl ExternEvent {
    /// The runner's line about robot `shown`; `webots`: in the words of Webots' console, which tools
    /// (pytest-webots, launch scripts) wait for.
    pub fn line(self, shown: &str, webots: bool) -> String {
        match (self, webots) {
            (ExternEvent::Connected, false) => format!("'{shown}' extern controller connected"),
            (ExternEvent::Disconnected, false) => format!("'{shown}' extern controller disconnected"),
            (ExternEvent::Connected, true) => format!("'{shown}' extern controller: connected."),
            (ExternEvent::Disconnected, true) => {
                format!("'{shown}' extern controller: disconnected, waiting for new connection.")
            }
        }
    }
}

/// Webots' line for an extern robot that waits for its controller at `url`.
pub fn waiting_line(shown: &str, url: &str) -> String {
    format!("'{shown}' extern controller: waiting for connection on {url}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_synchronous_robot_holds_time_until_its_first_controller_and_again_only_when_kept() {
        let mut e = Extern::new(true);
        assert!(e.holds_time(false) && e.holds_time(true));
        assert!(!e.lets_the_run_end(false, false), "the run waits for its first controller");
        assert_eq!(e.joined(), ExternEvent::Connected);
        assert!(!e.holds_time(false) && !e.holds_time(true));
        assert!(!e.lets_the_run_end(false, true), "a connected controller is never left behind");
        assert_eq!(e.left(true, None), ExternEvent::Disconnected);
        assert!(!e.holds_time(false));
        assert!(e.holds_time(true), "--keep-extern: Webots waits for the next controller");
        assert!(e.lets_the_run_end(false, false));
        assert!(!e.lets_the_run_end(true, false));
        assert!(e.lets_the_run_end(true, true));
        assert_eq!(e.outcome(), Outcome::Disconnected);
    }

    #[test]
    fn lines_in_both_styles() {
        assert_eq!(ExternEvent::Connected.line("r", false), "'r' extern controller connected");
        assert_eq!(ExternEvent::Connected.line("r", true), "'r' extern controller: connected.");
        assert_eq!(
            ExternEvent::Disconnected.line("r", true),
            "'r' extern controller: disconnected, waiting for new connection."
        );
        assert_eq!(waiting_line("r", "ipc://1234/r"), "'r' extern controller: waiting for connection on ipc://1234/r");
    }

    #[test]
    fn an_asynchronous_robot_never_holds_time() {
        let mut e = Extern::new(false);
        assert!(!e.holds_time(false) && !e.holds_time(true));
        assert_eq!(e.outcome(), Outcome::NeverConnected);
        e.joined();
        // made asynchronous on the way out, as Webots' extern test does
        let mut s = Extern::new(true);
        s.joined();
        s.left(false, None);
        assert!(!s.holds_time(true));
    }

    #[test]
    fn a_protocol_error_is_the_outcome_until_a_new_controller_joins() {
        let mut e = Extern::new(true);
        e.joined();
        e.left(true, Some("bad frame".into()));
        assert_eq!(e.outcome(), Outcome::ProtocolError("bad frame".into()));
        e.joined();
        e.left(true, None);
        assert_eq!(e.outcome(), Outcome::Disconnected);
    }
}
