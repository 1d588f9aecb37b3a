//! Replays being recorded (world/record): the console lines go to them round by round, and they are
//! written with how the run ended.

use super::{log, Server};
use crate::runner::outcome::RunReport;

impl Server {
    /// A console round begins (a replay stamps its lines with the time now); the lines kept so far go to
    /// the replays.
    pub(super) fn replay_round(&mut self, epoch: u64) {
        self.pass_console_lines();
        self.world.record_epoch(epoch);
    }

    fn pass_console_lines(&mut self) {
        for line in self.output.console.take_tapped() {
            self.world.record_console_line(line.robot, line.epoch, line.err, &line.text);
        }
        self.output.console.set_tap(self.world.is_recording());
    }

    /// The run is over: the replays get the last lines and how the run ended, and are written.
    pub(super) fn finish_replays(&mut self, report: &RunReport) {
        self.pass_console_lines();
        if !self.world.is_recording() {
            return;
        }
        let failures = report.failures();
        let end = if report.interrupted {
            "the run was interrupted".to_string()
        } else if failures.is_empty() {
            format!("the run ended at {:.3} s, no failure", report.time_s)
        } else {
            let list: Vec<String> = failures.iter().map(|f| f.to_string()).collect();
            format!("the run failed at {:.3} s: {}", report.time_s, list.join("; "))
        };
        for done in self.world.finish_recordings(&end) {
            match done {
                Ok(path) => log(format!("replay written to {}", path.display())),
                Err(e) => log(e),
            }
        }
    }
}
