//! The lockstep: the world advanced while nobody computes, the final round once the run is over,
//! and the answers sent to those whose step elapsed.

use super::{Phase, Server, StepEnvelope, CLOSE_GRACE, EXIT_POLL, REAP_EVERY, SLICE};
use crate::protocol::StepAnswer;
use mio::Token;
use std::io;
use std::time::{Duration, Instant};

impl Server {
    /// Advances while every controller has asked for time to pass, for a slice of time at most;
    /// answers those whose step elapsed. True when it stopped with more to do.
    pub(super) fn advance_world(&mut self) -> bool {
        let start = Instant::now();
        loop {
            // what supervisors asked of the runner (restarts, imports) happens before time passes
            self.follow_the_world();
            if self.any_pending() || !self.world.ready_to_advance() {
                break;
            }
            if start.elapsed() >= SLICE {
                return true;
            }
            let mut due = std::mem::take(&mut self.due);
            self.world.advance_into(&mut due);
            self.world_warnings();
            self.epoch += 1;
            self.replay_round(self.epoch);
            self.output.console.round(self.epoch, &due);
            for &robot in &due {
                self.answer(robot);
            }
            self.due = due;
        }
        if self.without_controllers() {
            // nobody asks for time: the world runs by itself up to --until (without it, `finished` ends
            // the run at 0)
            while self.world.until_ms().is_some() && !self.world.is_over() {
                if start.elapsed() >= SLICE {
                    return true;
                }
                self.world.advance();
                self.world_warnings();
            }
        }
        self.final_round(None);
        if self.world.is_over() && self.over_since.is_none() {
            self.over_since = Some(Instant::now());
        }
        false
    }

    /// Once the run is over, every controller waiting for time, and `asking` (answered at once), hear it in
    /// the final round, together: a controller computing when a supervisor quit and one already waiting
    /// end up in the same place, whichever the OS let ask first.
    pub(super) fn final_round(&mut self, asking: Option<usize>) {
        let released = self.world.release_waiting();
        if released.is_empty() && asking.is_none() {
            return;
        }
        let mut robots = released.clone();
        robots.extend(asking);
        let epoch = self.final_epoch();
        self.replay_round(epoch);
        self.output.console.round(epoch, &robots);
        for robot in released {
            self.answer(robot);
        }
    }

    /// The round in which controllers hear that the run is over (made at the first such answer).
    fn final_epoch(&mut self) -> u64 {
        *self.final_epoch.get_or_insert_with(|| {
            self.epoch += 1;
            self.epoch
        })
    }

    /// The world's run-time warnings, placed after the robots' lines of the current step.
    pub(super) fn world_warnings(&mut self) {
        for warning in self.world.take_runtime_warnings() {
            self.output.console.world_note(&format!("warning: {warning}"));
        }
    }

    /// A controller the world waits for before time may pass: one launched and not yet connected, or a
    /// synchronous extern robot's (see `externs.rs`).
    fn any_pending(&self) -> bool {
        self.ctls.iter().flatten().any(|c| c.pending_holds_time(self.opts.keep_extern))
    }

    pub(super) fn finished(&self) -> bool {
        if self.world.world_change().is_some() {
            // the next world comes once everything of this one is gone
            return false;
        }
        let (keep, over) = (self.opts.keep_extern, self.world.is_over());
        if self.without_controllers() {
            // a world of robots without controllers (or of none) is still simulated up to --until, as
            // Webots simulates it
            return over || self.world.until_ms().is_none();
        }
        self.ctls.iter().flatten().all(|c| match &c.ext {
            Some(e) => e.lets_the_run_end(keep, over),
            None => c.phase == Phase::Left && c.launched.as_ref().is_none_or(|_| c.outcome.is_some()),
        })
    }

    /// A pause nobody can lift ends the run: every controller waits for time or is gone (one still to
    /// launch or to join could resume it).
    pub(super) fn end_a_pause_nobody_can_lift(&mut self) {
        if !self.world.is_paused() {
            return;
        }
        let stuck = self.ctls.iter().enumerate().all(|(robot, c)| match c.as_ref().map(|c| c.phase) {
            None | Some(Phase::Left) => true,
            Some(Phase::Connected) => self.world.is_waiting(robot),
            Some(Phase::Pending) => false,
        });
        if stuck {
            self.world.end_paused();
        }
    }

    /// No robot has a controller, launched or extern.
    fn without_controllers(&self) -> bool {
        self.ctls.iter().all(Option::is_none)
    }

    pub(super) fn poll_timeout(&self) -> Duration {
        // a controller that just hung up is about to exit: look for its status soon, not in REAP_EVERY
        let exiting = self.ctls.iter().flatten().any(|c| {
            c.phase == Phase::Left && c.outcome.is_none() && c.left_at.is_none_or(|t| t.elapsed() < CLOSE_GRACE)
        });
        let mut t = if exiting { EXIT_POLL } else { REAP_EVERY };
        for c in self.ctls.iter().flatten() {
            if c.phase != Phase::Left && !c.is_extern() {
                let left = self.opts.step_timeout.saturating_sub(c.busy_since.elapsed());
                t = t.min(left);
            }
        }
        t
    }

    fn answer(&mut self, robot: usize) {
        if self.answers.len() <= robot {
            self.answers.resize_with(robot + 1, StepAnswer::default);
        }
        let mut answer = std::mem::take(&mut self.answers[robot]);
        self.world.answer_into(robot, &mut answer);
        self.send_answer(robot, &answer);
        self.answers[robot] = answer;
    }

    pub(super) fn send_answer(&mut self, robot: usize, answer: &StepAnswer) {
        let Some(ctl) = self.ctls[robot].as_mut() else { return };
        ctl.busy_since = Instant::now();
        let Some(Token(idx)) = ctl.conn else { return };
        if let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) {
            c.awaiting_answer = false;
            self.resume.push(idx);
        }
        // answers are encoded as the envelope's Step variant without copying them into it
        self.send(idx, &StepEnvelope(answer));
    }

    pub(super) fn send<T: serde::Serialize>(&mut self, conn: usize, msg: &T) {
        let Some(c) = self.conns.get_mut(conn).and_then(Option::as_mut) else { return };
        if let Err(e) = c.send(msg) {
            let why = (e.kind() == io::ErrorKind::InvalidData).then(|| format!("cannot encode its answer: {e}"));
            self.close(conn, why);
        }
    }
}
