//! How controllers and the run end: exit statuses collected, step timeouts enforced, each
//! controller's outcome, and the run's report.

use super::{log, Phase, Server, CLOSE_GRACE, INTERRUPT_GRACE};
use crate::runner::outcome::{ControllerReport, Outcome, RunReport};
use mio::Token;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::time::Instant;

impl Server {
    /// Collects the exit status of controllers that ended; stops waiting for the last output of
    /// those that left a while ago.
    pub(super) fn reap(&mut self) {
        let mut closed = Vec::new();
        for robot in 0..self.ctls.len() {
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            let Some(launched) = ctl.launched.as_mut() else { continue };
            if ctl.outcome.is_some() {
                continue;
            }
            if let Ok(Some(status)) = launched.child.try_wait() {
                closed.extend(self.ended(robot, Outcome::from_status(status)));
            } else if ctl.left_at.is_some_and(|t| t.elapsed() >= CLOSE_GRACE) && !ctl.quiet {
                ctl.quiet = true;
                self.output.console.gone(robot);
            }
        }
        for idx in closed {
            self.close(idx, None);
        }
        for robot in 0..self.ctls.len() {
            if self.ctls[robot].as_ref().is_some_and(|c| c.phase == Phase::Left) {
                self.world.disconnect(robot);
            }
        }
    }

    /// Kills controllers that keep the run waiting too long, or outstay its end.
    pub(super) fn enforce_timeouts(&mut self) {
        let limit = self.opts.step_timeout;
        let over_for = self.over_since.map(|t| t.elapsed());
        let quit = self.world.quit_status().is_some();
        // like Webots, a supervisor's quit or world change gives controllers about a second to leave
        let changing = self.world.world_change().is_some();
        let grace = if self.interrupted || quit || changing { INTERRUPT_GRACE } else { limit };
        // nothing else runs: a controller that left and lives on is all the run waits for
        let only_leavers = self.ctls.iter().flatten().all(|c| c.phase == Phase::Left || c.is_extern());
        let mut to_close = Vec::new();
        for robot in 0..self.ctls.len() {
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            if ctl.is_extern() {
                // like Webots when it quits: an extern controller still there is let go
                if let (Some(Token(idx)), true) = (ctl.conn, over_for.is_some_and(|t| t >= grace)) {
                    let note = format!(
                        "closed the connection of extern controller '{}': still connected {:.0} s after the run ended",
                        ctl.shown(),
                        grace.as_secs_f64()
                    );
                    self.output.console.note(robot, &note);
                    to_close.push(idx);
                }
                continue;
            }
            if ctl.outcome.is_some() {
                continue;
            }
            let Some(launched) = ctl.launched.as_mut() else { continue };
            let waiting_on_it =
                ctl.phase != Phase::Left && (ctl.phase == Phase::Pending || !self.world.is_waiting(ctl.robot));
            let why = if over_for.is_some_and(|t| t >= grace) {
                Some(format!("still running {:.0} s after the run ended", grace.as_secs_f64()))
            } else if waiting_on_it && ctl.busy_since.elapsed() >= limit {
                Some(if ctl.phase == Phase::Pending {
                    let cause = self
                        .accept_blocked
                        .as_ref()
                        .map(|c| format!(" (the runner could not accept connections: {c})"))
                        .unwrap_or_default();
                    format!("did not connect (call wb_robot_init) within {} s{cause}", limit.as_secs_f64())
                } else {
                    format!("did not come back to wb_robot_step within {} s", limit.as_secs_f64())
                })
            } else if only_leavers && ctl.left_at.is_some_and(|t| t.elapsed() >= limit) {
                Some(format!("still running {} s after it left the run", limit.as_secs_f64()))
            } else {
                None
            };
            if let Some(why) = why {
                let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
                let _ = launched.child.wait();
                to_close.extend(self.ended(robot, Outcome::Killed(why)));
            }
        }
        for idx in to_close {
            self.close(idx, None);
        }
        // a connection that does not say which robot it drives in time is dropped
        for idx in 0..self.conns.len() {
            if self.conns[idx].as_ref().is_some_and(|c| c.robot.is_none() && c.opened.elapsed() >= limit) {
                log(format!("closed a connection that did not introduce itself within {} s", limit.as_secs_f64()));
                self.close(idx, None);
            }
        }
        if self.world.is_over() {
            // no controller joins a world that is over
            for ctl in self.ctls.iter_mut().flatten() {
                if ctl.is_extern() && ctl.phase == Phase::Pending {
                    ctl.phase = Phase::Left;
                }
            }
        }
    }

    /// A launched controller ended (it exited or died, or was killed): records how, and writes its
    /// last output and how it ended where they belong. Returns its connection, to close.
    fn ended(&mut self, robot: usize, outcome: Outcome) -> Option<usize> {
        let quit = self.world.quit_status().is_some();
        let ctl = self.ctls[robot].as_mut()?;
        let note = format!("'{}' controller {outcome}", ctl.shown());
        let success = outcome.is_success();
        ctl.outcome = Some(outcome);
        ctl.ended_after_quit.get_or_insert(quit);
        ctl.phase = Phase::Left;
        ctl.left_at.get_or_insert_with(Instant::now);
        let conn = ctl.conn.take().map(|t| t.0);
        let quiet = std::mem::replace(&mut ctl.quiet, true);
        // its process is gone: what it wrote is in its pipes
        self.output.drain(self.poll.registry(), robot);
        self.output.console.leaving(robot);
        if success {
            self.output.console.info(robot, &note);
        } else {
            self.output.console.note(robot, &note);
        }
        if !quiet {
            self.output.console.gone(robot);
        }
        conn
    }

    /// Stops whatever is left (process groups included), writes the last output and reports.
    pub(super) fn finish(mut self) -> RunReport {
        let quit = self.world.quit_status().is_some();
        let mut controllers = Vec::new();
        for robot in 0..self.ctls.len() {
            if let Some(Token(idx)) = self.ctls[robot].as_ref().filter(|c| c.is_extern()).and_then(|c| c.conn) {
                self.close(idx, None);
            }
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            if let Some(launched) = ctl.launched.as_mut() {
                let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
                if ctl.outcome.is_none() {
                    let status = launched.child.wait();
                    self.ended(robot, status.map_or(Outcome::Exited(-1), Outcome::from_status));
                }
            }
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            controllers.push(ControllerReport {
                robot: ctl.name.clone(),
                outcome: match &ctl.ext {
                    Some(ext) => ext.outcome(),
                    None => ctl.outcome.clone().unwrap_or(Outcome::NeverConnected),
                },
                after_quit: *ctl.ended_after_quit.get_or_insert(quit),
            });
        }
        if let Some(why) = self.load_failure.take() {
            controllers.push(ControllerReport {
                robot: "(world)".into(),
                outcome: Outcome::NotStarted(why),
                after_quit: false,
            });
        }
        for why in self.world.failures() {
            controllers.push(ControllerReport {
                robot: "(world)".into(),
                outcome: Outcome::WorldFailed(why.clone()),
                after_quit: false,
            });
        }
        self.world_warnings();
        // labels are not shown headless: the last ones are told with the run's end
        let labels: Vec<String> =
            self.world.labels().filter(|l| !l.text.is_empty()).map(|l| format!("label {}: {}", l.id, l.text)).collect();
        for label in labels {
            self.output.console.world_note(&label);
        }
        self.output.console.finish();
        if let Some(guard) = self.guard.take() {
            guard.release();
        }
        let report = RunReport {
            controllers,
            time_s: self.world.time_ms() / 1000.0,
            interrupted: self.interrupted,
            supervisor_quit: self.world.quit_status(),
        };
        self.finish_replays(&report);
        report
    }
}
