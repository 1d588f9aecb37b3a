//! `wb_supervisor_movie_*`: the Viewpoint filmed with the ray caster `wb_supervisor_export_image`
//! uses (`geometry/viewpoint_image.rs`) and encoded into an H.264 MP4 file by the system's `ffmpeg`,
//! found at run time, the program Webots runs for its movies too (`WEBOTS_SHIM_FFMPEG` names another).
//!
//! Webots' rules: a frame every `k` basic steps, `k · basicTimeStep` the multiple of the (rounded)
//! basic time step closest to `acceleration × 40 ms`; the film plays at `acceleration × 1000 / (k ·
//! basicTimeStep)` frames a second, so it runs in real time (times `acceleration`); the bit rate is
//! `quality × fps × width × height / 256`, a key frame every 132 frames, no sound. The status goes
//! READY → RECORDING → SAVING (the encoder finishes in the background) → READY, or to an error: no
//! frame recorded (SIMULATION_ERROR), the encoder missing or failing (ENCODING_ERROR), the file not
//! writable (WRITE_ERROR). The frames go to `ffmpeg` through a pipe fed by a thread of its own, so a
//! step only renders its frame; a world that records nothing pays one `Option` check a step.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::protocol::MovieRequest;
use crate::world::geometry::viewpoint_image;
use crate::world::scene::Scene;

pub const READY: i32 = 0;
pub const RECORDING: i32 = 1;
pub const SAVING: i32 = 2;
pub const WRITE_ERROR: i32 = 3;
pub const ENCODING_ERROR: i32 = 4;
pub const SIMULATION_ERROR: i32 = 5;

/// The frame step Webots aims at (25 frames a second).
const EXPECTED_FRAME_STEP_MS: f64 = 40.0;
/// Webots' key frame interval.
const KEY_FRAME_INTERVAL: u32 = 132;
/// Frames waiting for the encoder before a step waits for it.
const QUEUED_FRAMES: usize = 4;
/// The largest side of a movie frame (as for exported images).
pub const MAX_SIDE: u32 = 4096;

/// Where the last movie stands, shared with the thread that feeds the encoder.
#[derive(Debug)]
struct Status {
    status: i32,
    error: Option<String>,
}

/// The world's movie: none, one being recorded, or the last one (saving or done).
pub struct Movie {
    status: Arc<Mutex<Status>>,
    recording: Option<Recording>,
    /// The thread finishing the last movie (joined at the end of the run).
    saving: Option<JoinHandle<()>>,
}

struct Recording {
    width: u32,
    height: u32,
    /// Basic steps between frames.
    every: u64,
    basic_ms: f64,
    frames: u64,
    sender: SyncSender<Vec<u8>>,
    feeder: JoinHandle<()>,
}

/// `k` (basic steps between frames) and the film's frames a second, by Webots' rule.
pub fn frame_timing(basic_time_step_ms: f64, acceleration: u32) -> (u64, f64) {
    let basic = basic_time_step_ms.round().max(1.0);
    let refresh = f64::from(acceleration) * EXPECTED_FRAME_STEP_MS / basic;
    let (lo, hi) = (refresh.floor(), refresh.ceil());
    let k = if lo == 0.0 || (lo * basic - EXPECTED_FRAME_STEP_MS).abs() > (hi * basic - EXPECTED_FRAME_STEP_MS).abs() {
        hi
    } else {
        lo
    };
    (k as u64, f64::from(acceleration) * 1000.0 / (k * basic))
}

impl Default for Movie {
    fn default() -> Self {
        Movie { status: Arc::new(Mutex::new(Status { status: READY, error: None })), recording: None, saving: None }
    }
}

impl Movie {
    pub fn is_recording(&self) -> bool {
        self.recording.is_some()
    }

    /// The status and, after a failure, why.
    pub fn status(&self) -> (i32, Option<String>) {
        let s = self.status.lock().unwrap_or_else(|e| e.into_inner());
        (s.status, s.error.clone())
    }

    fn set(&self, status: i32, error: Option<String>) {
        set(&self.status, status, error);
    }

    /// Starts recording as `req` asks, with `encoder` as the ffmpeg program. A movie being recorded
    /// goes on (the controller refuses a second start).
    pub fn start(&mut self, req: &MovieRequest, basic_time_step_ms: f64, encoder: &Path) {
        if self.recording.is_some() {
            return;
        }
        self.join_saving();
        let path = PathBuf::from(&req.path);
        let (width, height) = (req.width.clamp(1, MAX_SIDE), req.height.clamp(1, MAX_SIDE));
        if !path.parent().is_some_and(Path::is_dir) {
            let why = format!("cannot write '{}': no such folder", path.display());
            return self.set(WRITE_ERROR, Some(why));
        }
        let (every, fps) = frame_timing(basic_time_step_ms, req.acceleration);
        let bitrate = u64::from(req.quality) * (fps * f64::from(width) * f64::from(height)) as u64 / 256;
        let partial = partial_path(&path);
        let child = Command::new(encoder)
            .args(["-nostdin", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s"])
            .arg(format!("{width}x{height}"))
            .arg("-r")
            .arg(format!("{fps}"))
            .args(["-i", "pipe:0", "-an", "-c:v", "libx264", "-b:v"])
            .arg(bitrate.max(1).to_string())
            .arg("-g")
            .arg(KEY_FRAME_INTERVAL.to_string())
            .args(["-pix_fmt", "yuv420p", "-f", "mp4"])
            .arg(&partial)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                let why = if e.kind() == std::io::ErrorKind::NotFound {
                    format!(
                        "the movie encoder '{}' was not found: install ffmpeg (e.g. apt-get install ffmpeg) or name it \
                         with WEBOTS_SHIM_FFMPEG",
                        encoder.display()
                    )
                } else {
                    format!("the movie encoder '{}' could not start: {e}", encoder.display())
                };
                return self.set(ENCODING_ERROR, Some(why));
            }
        };
        let (sender, frames) = sync_channel::<Vec<u8>>(QUEUED_FRAMES);
        let mut stdin = child.stdin.take();
        let mut stderr = child.stderr.take();
        let status = Arc::clone(&self.status);
        let feeder = std::thread::spawn(move || {
            let errors = std::thread::spawn(move || {
                let mut text = String::new();
                if let Some(e) = stderr.as_mut() {
                    let _ = e.read_to_string(&mut text);
                }
                text
            });
            let mut written = 0u64;
            for frame in frames {
                if let Some(pipe) = stdin.as_mut() {
                    if pipe.write_all(&frame).is_err() {
                        stdin = None; // the encoder left: its messages say why
                    } else {
                        written += 1;
                    }
                }
            }
            drop(stdin);
            let exit = child.wait();
            let messages = errors.join().unwrap_or_default();
            let outcome = match exit {
                Ok(s) if s.success() && written > 0 => match std::fs::rename(&partial, &path) {
                    Ok(()) => (READY, None),
                    Err(e) => (WRITE_ERROR, Some(format!("cannot write '{}': {e}", path.display()))),
                },
                Ok(s) if s.success() => (SIMULATION_ERROR, Some("nothing was recorded".to_string())),
                Ok(s) => (ENCODING_ERROR, Some(format!("the movie encoder failed ({s}): {}", messages.trim()))),
                Err(e) => (ENCODING_ERROR, Some(format!("the movie encoder failed: {e}"))),
            };
            if outcome.0 != READY {
                let _ = std::fs::remove_file(&partial);
            }
            set(&status, outcome.0, outcome.1);
        });
        self.recording =
            Some(Recording { width, height, every, basic_ms: basic_time_step_ms, frames: 0, sender, feeder });
        self.set(RECORDING, None);
    }

    /// After a basic step that ended at `now_ms`: a frame when one is due.
    pub fn after_step(&mut self, scene: &Scene, now_ms: f64) {
        let Some(rec) = &mut self.recording else {
            return;
        };
        let step = (now_ms / rec.basic_ms).round() as u64;
        if !step.is_multiple_of(rec.every) {
            return;
        }
        let frame = viewpoint_image::render(scene, rec.width, rec.height);
        // a closed channel means the feeder is gone; its status says why
        if rec.sender.send(frame).is_ok() {
            rec.frames += 1;
        }
    }

    /// Ends the recording: the encoder finishes in the background (SAVING until it is done).
    pub fn stop(&mut self) {
        let Some(rec) = self.recording.take() else {
            return;
        };
        if rec.frames == 0 {
            // Webots: nothing was recorded because the simulation did not run
            drop(rec.sender);
            let _ = rec.feeder.join();
            return self.set(SIMULATION_ERROR, Some("nothing was recorded because the simulation did not run".into()));
        }
        self.set(SAVING, None);
        drop(rec.sender);
        self.saving = Some(rec.feeder);
    }

    /// Ends the recording and waits until the file is written (the end of the run).
    pub fn finish(&mut self) {
        self.stop();
        self.join_saving();
    }

    fn join_saving(&mut self) {
        if let Some(t) = self.saving.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Movie {
    fn drop(&mut self) {
        self.finish();
    }
}

fn set(status: &Mutex<Status>, value: i32, error: Option<String>) {
    let mut s = status.lock().unwrap_or_else(|e| e.into_inner());
    s.status = value;
    s.error = error;
}

/// The file the encoder writes before it is renamed to `path` (Webots too renames a finished movie).
fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// The encoder program: `WEBOTS_SHIM_FFMPEG`, else `ffmpeg` on the PATH.
pub fn encoder() -> PathBuf {
    std::env::var_os("WEBOTS_SHIM_FFMPEG")
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from("ffmpeg"), PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_come_every_multiple_of_the_basic_step_closest_to_40_ms_times_the_acceleration() {
        // 32 ms: 1 step (32 ms, 8 from 40) beats 2 (64 ms): 31.25 frames a second
        assert_eq!(frame_timing(32.0, 1), (1, 31.25));
        // 16 ms: 2 steps (32 ms, 8 from 40) beat 3 (48 ms, 8 from 40 too: the lower wins ties)
        assert_eq!(frame_timing(16.0, 1), (2, 31.25));
        // 10 ms: exactly 4 steps, 25 frames a second; twice as fast: 8 steps, 25 × 2 frames
        assert_eq!(frame_timing(10.0, 1), (4, 25.0));
        assert_eq!(frame_timing(10.0, 2), (8, 25.0));
        // 64 ms: less than one step per 40 ms rounds up to one step, 15.625 frames a second
        assert_eq!(frame_timing(64.0, 1), (1, 15.625));
    }

    fn request(path: &Path) -> MovieRequest {
        MovieRequest {
            path: path.to_string_lossy().into_owned(),
            width: 16,
            height: 12,
            quality: 50,
            acceleration: 1,
            caption: false,
        }
    }

    #[test]
    fn a_missing_encoder_fails_the_movie_at_once_with_a_message_naming_it() {
        let dir = std::env::temp_dir();
        let mut movie = Movie::default();
        movie.start(&request(&dir.join("m.mp4")), 32.0, Path::new("/nonexistent-webots-shim/ffmpeg"));
        let (status, error) = movie.status();
        assert_eq!(status, ENCODING_ERROR);
        let error = error.unwrap();
        assert!(error.contains("/nonexistent-webots-shim/ffmpeg") && error.contains("install ffmpeg"), "{error}");
        assert!(!movie.is_recording());
    }

    #[test]
    fn a_missing_folder_is_a_write_error() {
        let mut movie = Movie::default();
        movie.start(&request(Path::new("/nonexistent-webots-shim/m.mp4")), 32.0, Path::new("ffmpeg"));
        assert_eq!(movie.status().0, WRITE_ERROR);
    }

    #[test]
    fn a_movie_stopped_before_any_frame_is_a_simulation_error() {
        // `true` stands for an encoder that accepts anything
        let dir = std::env::temp_dir();
        let mut movie = Movie::default();
        movie.start(&request(&dir.join("webots-shim-empty.mp4")), 32.0, Path::new("true"));
        assert_eq!(movie.status().0, RECORDING);
        movie.stop();
        assert_eq!(movie.status().0, SIMULATION_ERROR);
    }
}
