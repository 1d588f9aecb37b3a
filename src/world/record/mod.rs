//! A run recorded for its replay page: what a viewer needs (the Solids' poses, packets heard, locked
//! connector links, contact points, the controllers' console lines, chosen device values), sampled,
//! and written at the end into one self-contained HTML file (`html.rs`, the page in `replay.html`).
//!
//! The sampling rule: a frame every N basic steps, N the smallest whole number with
//! N · basicTimeStep >= max(50 ms, 1 ms per recorded Solid), plus a frame for the loaded world and one
//! at the end. A frame holds the pose of each Solid that moved since its last recorded pose, the
//! packets heard since the previous frame (one line per emitter and receiver, at the step it was sent;
//! `MAX_PACKETS` at most: once they are drawn, the radio stops noting what it delivers until the next
//! frame), the locked links, and `MAX_CONTACTS` contact points at most. A run of 100
//! wheeled robots (about 300 Solids) thus gets about 3 frames per simulated second, about 3 MB for 60 s
//! at most (see `tests/replay.rs`). Console lines: `MAX_CONSOLE_LINES`, each `MAX_LINE_CHARS`. With
//! `rays`, each frame also holds the enabled distance sensors' rays (`MAX_RAYS` at most), which cost
//! about as much as the poses in a world of sensing robots: they are asked for.
//!
//! The world holds the recorders; the runner starts one for `--record` and hands it the console's
//! lines. A recorder that is dropped unwritten (the run panicked) writes what it has.

mod html;
pub mod model;
pub mod movie;
mod outline;
mod plots;
mod webots_files;
mod world;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use nalgebra::Point3;

use self::model::{units, ConsoleLine, Frame, Plot, Replay, QUATERNION_SCALE};
use self::plots::{plot_sources, PlotSource};
use crate::protocol::DeviceEvents;
use crate::world::physics::Physics;
use crate::world::robots::table::RobotEntry;
use crate::world::scene::{NodeId, Scene};

/// Packet lines kept per frame.
pub const MAX_PACKETS: usize = 64;
/// Contact points kept per frame.
pub const MAX_CONTACTS: usize = 64;
/// Distance sensor rays kept per frame (`--record-rays`).
pub const MAX_RAYS: usize = 256;
pub const MAX_CONSOLE_LINES: usize = 20_000;
pub const MAX_LINE_CHARS: usize = 1_000;

/// What `start` is asked for.
#[derive(Clone, Debug, Default)]
pub struct RecordOptions {
    pub path: PathBuf,
    /// `robot/device:quantity`; empty: the default plots.
    pub plots: Vec<String>,
    /// Started by a supervisor's `wb_supervisor_animation_start_recording` (which its stop ends).
    pub by_supervisor: bool,
    /// Distance sensors' rays in every frame too.
    pub rays: bool,
}

/// A packet a receiver heard in the step (see `Family::record`).
#[derive(Clone, Debug)]
pub struct HeardPacket {
    pub from: Point3<f64>,
    pub to: Point3<f64>,
    pub emitting_robot: Option<NodeId>,
    pub receiving_robot: Option<NodeId>,
    pub infra_red: bool,
}

/// What the devices hand the recorder after a step.
#[derive(Debug, Default)]
pub struct StepEvents {
    /// The step ends on a frame: links are wanted.
    pub frame: bool,
    pub packets: Vec<HeardPacket>,
    /// Locked connector pairs.
    pub links: Vec<(NodeId, NodeId)>,
    /// A recorder wants the distance sensors' rays: (from, to) of each enabled sensor's last sample.
    pub rays_wanted: bool,
    pub rays: Vec<([f64; 3], [f64; 3])>,
}

/// What the recorder reads of the world after a step.
pub struct WorldView<'a> {
    pub scene: &'a Scene,
    pub physics: Option<&'a Physics>,
    pub outboxes: &'a [DeviceEvents],
    /// Simulated time at the end of the step, in ms.
    pub now_ms: f64,
}

pub struct Recorder {
    options: RecordOptions,
    replay: Replay,
    /// Per solid, its shapes (kept for a supervisor's recording, whose X3D scene is written beside it).
    drawn: Vec<Vec<outline::Drawn>>,
    nodes: Vec<Option<NodeId>>,
    /// The last recorded pose of each solid (position units, quaternion scaled).
    last: Vec<Option<[i32; 7]>>,
    robot_index: HashMap<NodeId, usize>,
    plots: Vec<PlotSource>,
    steps: u64,
    /// The frame being filled: its packets so far, and which (emitter robot, receiver robot, medium) it has.
    packets: Vec<i32>,
    pairs: HashSet<(i64, i64, bool)>,
    /// More packets were heard in the frame being filled than it has lines for.
    frame_full: bool,
    /// (console epoch, simulated ms) as the runner counts its rounds.
    epochs: Vec<(u64, f64)>,
    written: bool,
}

impl Recorder {
    /// Starts recording the world as it is now; the file is created at once, so that a path that
    /// cannot be written is an error now rather than at the end of the run.
    pub fn start(
        scene: &Scene,
        robots: &[RobotEntry],
        world_name: &str,
        now_ms: f64,
        options: RecordOptions,
    ) -> Result<Recorder, String> {
        if options.path.extension().is_none_or(|e| e != "html") {
            return Err(format!("{}: a replay is an .html file", options.path.display()));
        }
        let plots = plot_sources(scene, robots, &options.plots)?;
        std::fs::write(&options.path, b"")
            .map_err(|e| format!("cannot write the replay {}: {e}", options.path.display()))?;
        let outline = outline::outline(scene, robots);
        let step_ms = scene.basic_time_step();
        let frame_ms = 50f64.max(outline.solids.len() as f64);
        let frame_steps = ((frame_ms / step_ms) - 1e-9).ceil().max(1.0) as u64;
        let world = scene.world_info_node().map(|i| scene.sf_string(i, "coordinateSystem")).unwrap_or_default();
        let up = crate::world::physics::up_axis(&world);
        let replay = Replay {
            version: 1,
            world: world_name.to_string(),
            up: [up.x, up.y, up.z],
            step_ms,
            frame_steps,
            rule: format!(
                "a frame every {frame_steps} basic step(s) of {step_ms} ms (N·basicTimeStep ≥ max(50 ms, 1 ms per \
                 recorded Solid: {})); a Solid's pose only when it moved; at most {MAX_PACKETS} packet lines and \
                 {MAX_CONTACTS} contact points per frame",
                outline.solids.len()
            ),
            robots: robots
                .iter()
                .zip(&outline.robot_solids)
                .map(|(r, &solid)| model::RobotInfo { name: r.name.clone(), solid })
                .collect(),
            plots: plots.iter().map(|p| Plot { label: p.label.clone(), values: Vec::new() }).collect(),
            solids: outline.solids,
            ..Replay::default()
        };
        let robot_index = robots.iter().enumerate().map(|(i, r)| (r.node, i)).collect();
        let mut recorder = Recorder {
            last: vec![None; outline.nodes.len()],
            drawn: if options.by_supervisor { outline.drawn } else { Vec::new() },
            nodes: outline.nodes,
            options,
            replay,
            robot_index,
            plots,
            steps: (now_ms / step_ms).round() as u64,
            packets: Vec::new(),
            pairs: HashSet::new(),
            frame_full: false,
            epochs: vec![(0, now_ms)],
            written: false,
        };
        recorder.frame(scene, None, now_ms, &[]);
        Ok(recorder)
    }

    pub fn path(&self) -> &Path {
        &self.options.path
    }

    pub fn by_supervisor(&self) -> bool {
        self.options.by_supervisor
    }

    /// Whether the step about to be recorded ends on a frame (the devices then hand their links).
    pub fn next_is_frame(&self) -> bool {
        (self.steps + 1).is_multiple_of(self.replay.frame_steps)
    }

    /// Whether the frame being filled has room for more packet lines.
    pub fn wants_packets(&self) -> bool {
        self.packets.len() / model::PACKET_WIDTH < MAX_PACKETS
    }

    /// Whether the distance sensors' rays are recorded.
    pub fn wants_rays(&self) -> bool {
        self.options.rays
    }

    /// After a basic step, with what the devices handed over (`Devices::record`).
    pub fn after_step(&mut self, view: &WorldView, events: &StepEvents) {
        let started = self.steps;
        self.steps += 1;
        for p in &events.packets {
            if !self.wants_packets() {
                // the frame's lines are all drawn (and the radio stops telling until the next frame)
                self.frame_full = true;
                break;
            }
            let key = (self.robot_of(p.emitting_robot), self.robot_of(p.receiving_robot), p.infra_red);
            if !self.pairs.insert(key) {
                continue;
            }
            self.packets.push(started as i32);
            self.packets.extend(p.from.coords.iter().chain(p.to.coords.iter()).map(|&v| units(v)));
            self.packets.extend([key.0 as i32, key.1 as i32, i32::from(p.infra_red)]);
        }
        for plot in &mut self.plots {
            plot.update(view.scene, view.outboxes);
        }
        if self.steps.is_multiple_of(self.replay.frame_steps) {
            self.frame(view.scene, view.physics, view.now_ms, &events.links);
            if self.options.rays {
                let frame = self.replay.frames.last_mut().expect("a frame");
                for (from, to) in events.rays.iter().take(MAX_RAYS) {
                    frame.rays.extend(from.iter().chain(to).map(|&v| units(v)));
                }
                self.replay.dropped.rays += events.rays.len().saturating_sub(MAX_RAYS) as u64;
            }
        }
    }

    fn robot_of(&self, node: Option<NodeId>) -> i64 {
        node.and_then(|n| self.robot_index.get(&n)).map_or(-1, |&r| r as i64)
    }

    /// A frame of the world as it is now.
    fn frame(&mut self, scene: &Scene, physics: Option<&Physics>, now_ms: f64, links: &[(NodeId, NodeId)]) {
        let mut frame = Frame { step: self.steps, t: now_ms / 1000.0, ..Frame::default() };
        for (s, node) in self.nodes.iter().enumerate() {
            let pose = match node {
                Some(n) if scene.is_live(*n) => scene.global_pose(*n),
                Some(_) => continue,
                None => nalgebra::Isometry3::identity(),
            };
            let q = pose.rotation.quaternion().coords;
            let t = pose.translation.vector;
            let quantized = [
                units(t.x),
                units(t.y),
                units(t.z),
                (q.x * QUATERNION_SCALE).round() as i32,
                (q.y * QUATERNION_SCALE).round() as i32,
                (q.z * QUATERNION_SCALE).round() as i32,
                (q.w * QUATERNION_SCALE).round() as i32,
            ];
            if self.last[s] != Some(quantized) {
                self.last[s] = Some(quantized);
                frame.poses.push(s as i32);
                frame.poses.extend(quantized);
            }
        }
        frame.packets = std::mem::take(&mut self.packets);
        self.pairs.clear();
        self.replay.dropped.packet_frames += u64::from(std::mem::take(&mut self.frame_full));
        for &(a, b) in links {
            for n in [a, b] {
                frame.links.extend(scene.global_pose(n).translation.vector.iter().map(|&v| units(v)));
            }
        }
        if let Some(physics) = physics {
            let points = physics.all_contact_points();
            let mut seen = HashSet::new();
            for c in points {
                let p = c.point.map(units);
                if !seen.insert(p) {
                    continue;
                }
                if seen.len() > MAX_CONTACTS {
                    self.replay.dropped.contacts += 1;
                    continue;
                }
                frame.contacts.extend(p);
            }
        }
        for (plot, source) in self.replay.plots.iter_mut().zip(&self.plots) {
            plot.values.push(source.last);
        }
        self.replay.frames.push(frame);
    }

    /// The runner's console round `epoch` starts at the world's current time.
    pub fn mark_epoch(&mut self, epoch: u64, now_ms: f64) {
        if self.epochs.last().is_none_or(|&(e, _)| e < epoch) {
            self.epochs.push((epoch, now_ms));
        }
    }

    /// A line robot `robot`'s controller printed in console round `epoch`.
    pub fn console_line(&mut self, robot: usize, epoch: u64, err: bool, text: &[u8]) {
        if self.replay.console.len() >= MAX_CONSOLE_LINES {
            self.replay.dropped.console_lines += 1;
            return;
        }
        let at = self.epochs.partition_point(|&(e, _)| e <= epoch);
        let t = at.checked_sub(1).map_or(0.0, |i| self.epochs[i].1) / 1000.0;
        let text: String = String::from_utf8_lossy(text).chars().take(MAX_LINE_CHARS).collect();
        self.replay.console.push(ConsoleLine { robot, t, err, text });
    }

    /// Ends the recording with a last frame of the world as it is now (unless the last one is it), and
    /// writes the file; `end` says how the run ended.
    pub fn finish(
        mut self,
        scene: &Scene,
        physics: Option<&Physics>,
        now_ms: f64,
        end: &str,
    ) -> Result<PathBuf, String> {
        if self.replay.frames.last().is_none_or(|f| f.step != self.steps) {
            self.frame(scene, physics, now_ms, &[]);
        }
        end.clone_into(&mut self.replay.end);
        self.write()
    }

    fn write(&mut self) -> Result<PathBuf, String> {
        self.written = true;
        let path = self.options.path.clone();
        html::write(&path, &self.replay).map_err(|e| format!("cannot write the replay {}: {e}", path.display()))?;
        if self.options.by_supervisor {
            webots_files::write(&path, &self.replay, &self.drawn, html::stylesheet())
                .map_err(|e| format!("cannot write the animation's files beside {}: {e}", path.display()))?;
        }
        Ok(path)
    }
}

impl Drop for Recorder {
    /// A recorder dropped unwritten (the world panicked, or went away without `finish`) writes what it
    /// has.
    fn drop(&mut self) {
        if !self.written {
            if self.replay.end.is_empty() {
                self.replay.end = "the run stopped before the recording was finished".into();
            }
            if let Err(e) = self.write() {
                eprintln!("webots-shim: {e}");
            }
        }
    }
}
