//! Emitters and receivers on the world side: carrying packets from emitters to the receivers that
//! hear them (medium, channel, robot, range, and for infra-red cones and obstacles), then handing them
//! to the controllers at each receiver's sampling period.

pub mod grid;
pub mod nodes;
mod reach_cache;
#[cfg(test)]
mod tests;
mod transmit;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use nalgebra::{Isometry3, Point3, Vector3};
use rand_distr::{Distribution, StandardNormal};

use self::nodes::{EmitterNode, Medium, Packet, ReceiverNode};
use crate::protocol::packet_table::measure_exact;
use crate::protocol::DeviceEvents;
use crate::world::scene::{NodeId, Scene};

/// Whether anything blocks an infra-red ray from `from` to `to`, given the emitting and receiving
/// robots. Shared by the threads that deliver packets.
pub type Blocked<'a> = dyn Fn(&Point3<f64>, &Point3<f64>, Option<NodeId>, Option<NodeId>) -> bool + Sync + 'a;

/// Where a device sits in the radio's lists.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RadioDevice {
    Emitter(usize),
    Receiver(usize),
}

/// When delivery is split across threads: the receivers are cut into parts, contiguous ranges each
/// delivered to by one thread, so every receiver still gets its packets (and noise draws) in the same
/// order whatever the split.
#[derive(Clone, Copy, Debug)]
struct Threads {
    /// Threads at most.
    max: usize,
    /// Parts a thread's share is cut into: a thread that starts late takes fewer of them.
    parts_per_thread: usize,
    /// Receivers a part should have at least to be worth one.
    min_receivers: usize,
    /// Packets delivered in the previous step below which one thread does it all (starting threads
    /// costs more than small steps).
    min_deliveries: usize,
}

impl Threads {
    fn from_machine() -> Threads {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Threads { max: cores.min(4), parts_per_thread: 4, min_receivers: 128, min_deliveries: 30_000 }
    }
}

#[derive(Clone)]
pub struct Radio {
    pub emitters: Vec<EmitterNode>,
    pub receivers: Vec<ReceiverNode>,
    /// (robot, tag) of each receiver.
    receiver_owner: Vec<(usize, u16)>,
    /// Each emitter's place in scene-tree order: the order packets go out within a step.
    emitter_rank: Vec<u32>,
    /// The emitters' nodes when `emitter_rank` was computed (their scene order changes only when
    /// their nodes do: nodes are inserted and removed, never moved).
    ranked: Vec<NodeId>,
    /// Packets received from the controllers (emitter, packet), sent at the next basic step: one list
    /// for every emitter, in the order they arrived.
    queued: Vec<(u32, Packet)>,
    emitter_pose: Vec<Isometry3<f64>>,
    receiver_pose: Vec<Isometry3<f64>>,
    /// Receivers' world positions, kept apart from the poses for the range test.
    receiver_at: Vec<Point3<f64>>,
    /// The receivers in contiguous index ranges, one per delivering thread.
    parts: Vec<Part>,
    threads: Threads,
    /// Packets delivered by the last `step`, and by how many threads.
    delivered: usize,
    threads_used: usize,
    /// Per medium, the packets of the step being delivered.
    outgoing: [transmit::Outgoing; 3],
    /// Old worlds point infra-red cones along z instead of x.
    legacy_axes: bool,
    /// Bumped by every `refresh`: tells whether a waiting packet's measurement is still current.
    pose_version: u64,
    /// A replay is recorded: receivers note whom they heard (`take_heard`).
    pub recording: bool,
    /// The engine's threads, when it steps on a pool of its own: busy steps deliver there.
    pub pool: Option<Arc<rayon::ThreadPool>>,
}

/// The receivers `start..end` (never a robot's receivers cut apart), delivered to by one thread.
#[derive(Clone, Debug, Default)]
struct Part {
    start: usize,
    end: usize,
    cache: reach_cache::ReachCache,
}

fn medium_index(m: Medium) -> usize {
    match m {
        Medium::Radio => 0,
        Medium::Serial => 1,
        Medium::InfraRed => 2,
    }
}

impl Radio {
    pub fn new(scene: &Scene) -> Radio {
        Radio {
            emitters: Vec::new(),
            receivers: Vec::new(),
            receiver_owner: Vec::new(),
            emitter_rank: Vec::new(),
            ranked: Vec::new(),
            queued: Vec::new(),
            emitter_pose: Vec::new(),
            receiver_pose: Vec::new(),
            receiver_at: Vec::new(),
            parts: Vec::new(),
            threads: Threads::from_machine(),
            outgoing: Default::default(),
            delivered: 0,
            threads_used: 0,
            legacy_axes: scene.is_pre_r2022a(),
            pose_version: 0,
            recording: false,
            pool: None,
        }
    }

    pub fn add_emitter(&mut self, e: EmitterNode) -> RadioDevice {
        self.emitters.push(e);
        RadioDevice::Emitter(self.emitters.len() - 1)
    }

    pub fn add_receiver(&mut self, r: ReceiverNode, robot: usize, tag: u16) -> RadioDevice {
        self.receivers.push(r);
        self.receiver_owner.push((robot, tag));
        RadioDevice::Receiver(self.receivers.len() - 1)
    }

    /// A packet from emitter `emitter`'s controller, to go out at the next step after those it sent
    /// before.
    pub fn send(&mut self, emitter: usize, packet: Packet) {
        self.queued.push((emitter as u32, packet));
    }

    /// The packets heard since the last call (while `recording`): each as the emitter and the receiver.
    pub fn take_heard(&mut self, mut each: impl FnMut(&EmitterNode, &Point3<f64>, &ReceiverNode, &Point3<f64>)) {
        for (ri, r) in self.receivers.iter_mut().enumerate() {
            let heard = std::mem::take(&mut r.heard);
            for &e in &heard {
                let (Some(emitter), Some(pose)) = (self.emitters.get(e as usize), self.emitter_pose.get(e as usize))
                else {
                    continue;
                };
                let to = self.receiver_at.get(ri).copied().unwrap_or_else(Point3::origin);
                each(emitter, &Point3::from(pose.translation.vector), r, &to);
            }
            r.heard = heard;
            r.heard.clear();
        }
    }

    /// Call once all devices are added, and again whenever poses change.
    pub fn refresh(&mut self, scene: &Scene) {
        self.pose_version += 1;
        // walking the whole scene costs more than the rest of a refresh: only when emitters changed
        if !self.emitters.iter().map(|e| e.node).eq(self.ranked.iter().copied()) {
            self.rank_emitters(scene);
        }
        self.emitter_pose = self.emitters.iter().map(|e| scene.global_pose(e.node)).collect();
        self.receiver_pose = self.receivers.iter().map(|r| scene.global_pose(r.node)).collect();
        self.receiver_at = self.receiver_pose.iter().map(|p| Point3::from(p.translation.vector)).collect();
        self.build_parts();
    }

    fn rank_emitters(&mut self, scene: &Scene) {
        let preorder: HashMap<NodeId, usize> = scene.preorder().into_iter().enumerate().map(|(i, n)| (n, i)).collect();
        let mut order: Vec<usize> = (0..self.emitters.len()).collect();
        order.sort_by_key(|&i| preorder.get(&self.emitters[i].node).copied().unwrap_or(usize::MAX));
        self.emitter_rank = vec![0; order.len()];
        for (rank, &ei) in order.iter().enumerate() {
            self.emitter_rank[ei] = rank as u32;
        }
        self.ranked = self.emitters.iter().map(|e| e.node).collect();
    }

    fn max_parts(&self) -> usize {
        (self.threads.max * self.threads.parts_per_thread).max(1)
    }

    /// Cuts the receivers into parts, never between two receivers of one robot, so that each part also
    /// owns its robots' outboxes. Receivers listed out of robot order make a single part.
    fn build_parts(&mut self) {
        let n = self.receivers.len();
        let owners_in_order = self.receiver_owner.windows(2).all(|w| w[0].0 <= w[1].0);
        let count =
            if owners_in_order { (n / self.threads.min_receivers.max(1)).clamp(1, self.max_parts()) } else { 1 };
        let per = n.div_ceil(count).max(1);
        let mut start = 0;
        self.parts = (1..=count)
            .map(|p| {
                let mut end = (p * per).clamp(start, n);
                while end > 0 && end < n && self.receiver_owner[end].0 == self.receiver_owner[end - 1].0 {
                    end += 1;
                }
                let part = Part { start, end, cache: Default::default() };
                start = end;
                part
            })
            .collect();
        if let Some(last) = self.parts.last_mut() {
            last.end = n;
        }
        // pushing boundaries past a robot's receivers can leave parts with nothing
        if n > 0 {
            self.parts.retain(|p| p.start < p.end);
        }
    }

    /// One basic step ending at `now_ms`: every queued packet goes to the receivers that hear it
    /// (emitters in scene order), then every receiver whose sample is due hands its waiting packets to
    /// its robot's outbox (radio and serial ones measured again, or dropped out of range, when anything
    /// moved since they were sent). Receivers are handled one after the other, or in parts on several
    /// threads when the previous step was busy: the same result either way.
    pub fn step(&mut self, blocked: &Blocked<'_>, now_ms: f64, outboxes: &mut [DeviceEvents]) {
        let (emitters, poses) = (&self.emitters, &self.emitter_pose);
        // a step with nothing to send keeps the outgoing lists (and their grids) as they are: empty
        if !self.queued.is_empty() {
            // emitters in scene order, each one's packets in the order they came (a stable sort);
            // robots usually come in scene order already
            let rank = &self.emitter_rank;
            if !self.queued.is_sorted_by_key(|(e, _)| rank[*e as usize]) {
                self.queued.sort_by_key(|(e, _)| rank[*e as usize]);
            }
            transmit::Outgoing::fill(&mut self.outgoing, &mut self.queued, emitters, poses);
        }
        let sender = transmit::Sender {
            outgoing: &self.outgoing,
            emitters,
            emitter_pose: poses,
            receiver_pose: &self.receiver_pose,
            receiver_at: &self.receiver_at,
            owner: &self.receiver_owner,
            legacy_axes: self.legacy_axes,
            pose_version: self.pose_version,
            now_ms,
            blocked,
            recording: self.recording,
        };
        let mut work = Vec::with_capacity(self.parts.len());
        let (mut receivers, mut boxes) = (&mut self.receivers[..], outboxes);
        let mut first_robot = 0;
        let parts = self.parts.len();
        for (p, part) in self.parts.iter_mut().enumerate() {
            let (mine, rest) = std::mem::take(&mut receivers).split_at_mut(part.end - part.start);
            // parts are never empty but when there are no receivers at all: one part, the last
            let robots =
                if p + 1 == parts { boxes.len() } else { self.receiver_owner[part.end - 1].0 + 1 - first_robot };
            let (their_boxes, other_boxes) = std::mem::take(&mut boxes).split_at_mut(robots);
            work.push(transmit::Part {
                first: part.start,
                receivers: mine,
                first_robot,
                outboxes: their_boxes,
                cache: &mut part.cache,
            });
            (receivers, boxes, first_robot) = (rest, other_boxes, first_robot + robots);
        }
        let busy =
            !self.outgoing.iter().all(transmit::Outgoing::is_empty) && self.delivered >= self.threads.min_deliveries;
        self.threads_used = if busy { work.len().min(self.threads.max) } else { 1 };
        self.delivered = if self.threads_used > 1 {
            deliver_in_parallel(&sender, work, self.threads_used - 1, self.pool.as_deref())
        } else {
            let mut scratch = transmit::Scratch::default();
            work.into_iter().map(|part| sender.step(part, &mut scratch)).sum()
        };
        self.outgoing.iter_mut().for_each(transmit::Outgoing::clear);
    }

    /// Restarts every receiver's noise stream from `seed`.
    pub fn reseed(&mut self, seed: i32) {
        for r in &mut self.receivers {
            *r.rng = nodes::device_rng(seed, r.node);
        }
    }

    /// A receiver's robot left: it stops listening and forgets what it had not handed over.
    pub fn silence_robot(&mut self, robot: usize) {
        for (ri, &(owner, _)) in self.receiver_owner.iter().enumerate() {
            if owner == robot {
                self.receivers[ri].sampling = Default::default();
                self.receivers[ri].clear_waiting();
            }
        }
    }
}

/// Delivers the parts on this thread and `helpers` of the engine's threads (rayon's own when the world
/// has none), each taking the next part left until none is: this thread starts at once and takes what
/// a helper that starts late (the machine is busy, or the thread was asleep) leaves. No thread is started
/// per step, and each part is one receiver range whichever thread takes it.
fn deliver_in_parallel(
    sender: &transmit::Sender<'_, '_>,
    work: Vec<transmit::Part<'_>>,
    helpers: usize,
    pool: Option<&rayon::ThreadPool>,
) -> usize {
    let left = parking_lot::Mutex::new(work.into_iter());
    let delivered = AtomicUsize::new(0);
    let drain = || {
        let (mut n, mut scratch) = (0, transmit::Scratch::default());
        loop {
            let next = left.lock().next();
            let Some(part) = next else { break };
            n += sender.step(part, &mut scratch);
        }
        delivered.fetch_add(n, Ordering::Relaxed);
    };
    let drain = &drain;
    match pool {
        Some(pool) => pool.in_place_scope(|scope| {
            (0..helpers).for_each(|_| scope.spawn(move |_| drain()));
            drain();
        }),
        None => rayon::in_place_scope(|scope| {
            (0..helpers).for_each(|_| scope.spawn(move |_| drain()));
            drain();
        }),
    }
    delivered.into_inner()
}

/// Whether `to` lies within the cone of `aperture` (full angle) around `axis`; -1 and 0 mean no cone.
fn inside_cone(axis: &Vector3<f64>, to: &Vector3<f64>, aperture: f64) -> bool {
    if aperture <= 0.0 {
        return true;
    }
    let angle = if axis.norm() == 0.0 || to.norm() == 0.0 {
        std::f64::consts::FRAC_PI_2
    } else {
        (axis.dot(to) / (axis.norm() * to.norm())).clamp(-1.0, 1.0).acos()
    };
    angle <= aperture / 2.0
}

/// Direction to the emitter in the receiver's frame and 1/d² signal strength, with the receiver's
/// noise.
#[inline(always)]
fn measure(pose: &Isometry3<f64>, from: &Point3<f64>, r: &mut ReceiverNode) -> ([f64; 3], f64) {
    if r.is_exact() {
        return measure_exact(pose, from);
    }
    measure_noisy(pose, from, r)
}

#[inline(never)]
fn measure_noisy(pose: &Isometry3<f64>, from: &Point3<f64>, r: &mut ReceiverNode) -> ([f64; 3], f64) {
    let mut local = pose.inverse_transform_point(from).coords;
    let dist2 = local.norm_squared();
    let dist = dist2.sqrt();
    let mut signal = 1.0 / dist2;
    if r.direction_noise > 0.0 {
        for k in 0..3 {
            let n: f64 = StandardNormal.sample(&mut r.rng);
            local[k] += dist * r.direction_noise * n;
        }
    }
    if r.signal_noise > 0.0 {
        let n: f64 = StandardNormal.sample(&mut r.rng);
        signal = (signal * (1.0 + r.signal_noise * n)).max(0.0);
    }
    let len = local.norm();
    ([local.x / len, local.y / len, local.z / len], signal)
}
