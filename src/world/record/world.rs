//! The world's side of recording: starting and ending replays, and the hook its step calls.

use std::path::PathBuf;

use super::{RecordOptions, Recorder, StepEvents, WorldView};
use crate::world::World;

impl World {
    /// Starts recording a replay into `options.path` (written when the recording ends).
    pub fn start_recording(&mut self, options: RecordOptions) -> Result<(), String> {
        let name = self.world_path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let recorder = Recorder::start(&self.scene, &self.robots, &name, self.time_ms(), options)?;
        self.recorders.push(recorder);
        self.devices.set_recording(true);
        Ok(())
    }

    pub fn is_recording(&self) -> bool {
        !self.recorders.is_empty()
    }

    /// After each step while recording.
    pub(in crate::world) fn record_step(&mut self) {
        let now_ms = self.time_ms();
        let view =
            WorldView { scene: &self.scene, physics: self.physics.as_ref(), outboxes: &self.device_outboxes, now_ms };
        let mut events = StepEvents {
            frame: self.recorders.iter().any(Recorder::next_is_frame),
            rays_wanted: self.recorders.iter().any(Recorder::wants_rays),
            ..Default::default()
        };
        self.devices.record(view.scene, &mut events);
        for recorder in &mut self.recorders {
            recorder.after_step(&view, &events);
        }
        // the radio notes the packets it delivers only while a frame has lines left for them
        self.devices.set_recording(self.recorders.iter().any(Recorder::wants_packets));
    }

    /// The runner's console round `epoch` begins now (its lines are stamped with this time).
    pub fn record_epoch(&mut self, epoch: u64) {
        let now = self.time_ms();
        for recorder in &mut self.recorders {
            recorder.mark_epoch(epoch, now);
        }
    }

    /// A console line of robot `robot` in round `epoch` (stderr, or a runner message: `err`).
    pub fn record_console_line(&mut self, robot: usize, epoch: u64, err: bool, text: &[u8]) {
        for recorder in &mut self.recorders {
            recorder.console_line(robot, epoch, err, text);
        }
    }

    /// Ends every recording (the run is over: `end` says how) and writes the files: each path, or why
    /// it could not be written.
    pub fn finish_recordings(&mut self, end: &str) -> Vec<Result<PathBuf, String>> {
        let now = self.time_ms();
        let done: Vec<_> = std::mem::take(&mut self.recorders)
            .into_iter()
            .map(|r| r.finish(&self.scene, self.physics.as_ref(), now, end))
            .collect();
        self.devices.set_recording(false);
        done
    }

    /// `wb_supervisor_animation_start_recording(path)` (`Some`) or `stop_recording` (`None`).
    pub(in crate::world) fn supervisor_recording(&mut self, path: Option<&str>) {
        match path {
            Some(path) => {
                let options = RecordOptions { path: PathBuf::from(path), by_supervisor: true, ..Default::default() };
                if let Err(e) = self.start_recording(options) {
                    self.runtime_warnings.push(format!("wb_supervisor_animation_start_recording(): {e}"));
                }
            }
            None => {
                let now = self.time_ms();
                let (mine, others): (Vec<_>, Vec<_>) =
                    std::mem::take(&mut self.recorders).into_iter().partition(|r| r.by_supervisor());
                self.recorders = others;
                for recorder in mine {
                    let done =
                        recorder.finish(&self.scene, self.physics.as_ref(), now, "recording stopped by the supervisor");
                    if let Err(e) = done {
                        self.runtime_warnings.push(format!("wb_supervisor_animation_stop_recording(): {e}"));
                    }
                }
                self.devices.set_recording(!self.recorders.is_empty());
            }
        }
    }
}
