//! Emitters and receivers on the world side: carrying packets from emitters to the receivers that
//! hear them (medium, channel, robot, range, and for infra-red cones and obstacles), then handing them
//! to the controllers at each receiver's sampling period.

pub mod grid;
pub mod nodes;

use std::collections::HashMap;

use nalgebra::{Isometry3, Point3, Vector3};
use rand_distr::{Distribution, StandardNormal};

use self::grid::Grid;
use self::nodes::{EmitterNode, Medium, Origin, Packet, ReceiverNode};
use crate::protocol::{DeviceEvent, Event, ReceivedPacket};
use crate::world::scene::{NodeId, Scene};

/// Whether anything blocks an infra-red ray from `from` to `to`, given the emitting and receiving
/// robots.
pub type Blocked<'a> = dyn Fn(&Point3<f64>, &Point3<f64>, Option<NodeId>, Option<NodeId>) -> bool + 'a;

/// Where a device sits in the radio's lists.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RadioDevice {
    Emitter(usize),
    Receiver(usize),
}

#[derive(Clone)]
pub struct Radio {
    pub emitters: Vec<EmitterNode>,
    pub receivers: Vec<ReceiverNode>,
    /// (robot, tag) of each receiver.
    receiver_owner: Vec<(usize, u16)>,
    /// Emitters in scene-tree order: the order packets go out within a step.
    transmit_order: Vec<usize>,
    emitter_pose: Vec<Isometry3<f64>>,
    receiver_pose: Vec<Isometry3<f64>>,
    /// Receivers' world positions, kept apart from the poses for the hot range test.
    receiver_at: Vec<Point3<f64>>,
    /// Per medium: the receivers of that medium and a grid over their positions.
    index: HashMap<MediumKey, (Vec<u32>, Grid)>,
    /// Old worlds point infra-red cones along z instead of x.
    legacy_axes: bool,
    /// Bumped by every `refresh`: tells whether a waiting packet's measurement is still current.
    pose_version: u64,
}

type MediumKey = u8;

fn key(m: Medium) -> MediumKey {
    m as u8
}

impl Radio {
    pub fn new(scene: &Scene) -> Radio {
        Radio {
            emitters: Vec::new(),
            receivers: Vec::new(),
            receiver_owner: Vec::new(),
            transmit_order: Vec::new(),
            emitter_pose: Vec::new(),
            receiver_pose: Vec::new(),
            receiver_at: Vec::new(),
            index: HashMap::new(),
            legacy_axes: scene.is_pre_r2022a(),
            pose_version: 0,
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

    /// Call once all devices are added, and again whenever poses change.
    pub fn refresh(&mut self, scene: &Scene) {
        self.pose_version += 1;
        let preorder: HashMap<NodeId, usize> = scene.preorder().into_iter().enumerate().map(|(i, n)| (n, i)).collect();
        let mut order: Vec<usize> = (0..self.emitters.len()).collect();
        order.sort_by_key(|&i| preorder.get(&self.emitters[i].node).copied().unwrap_or(usize::MAX));
        self.transmit_order = order;
        self.emitter_pose = self.emitters.iter().map(|e| scene.global_pose(e.node)).collect();
        self.receiver_pose = self.receivers.iter().map(|r| scene.global_pose(r.node)).collect();
        self.receiver_at = self.receiver_pose.iter().map(|p| Point3::from(p.translation.vector)).collect();
        let finite: Vec<f64> =
            self.emitters.iter().flat_map(|e| [e.setup.range, e.max_range]).filter(|r| *r > 0.0).collect();
        // cells of half the longest range: a query then looks at about (2·2+1)² cells
        let cell = finite.iter().copied().fold(f64::NAN, f64::max) / 2.0;
        self.index.clear();
        for m in [Medium::Radio, Medium::Serial, Medium::InfraRed] {
            let members: Vec<u32> =
                (0..self.receivers.len()).filter(|&i| self.receivers[i].medium == m).map(|i| i as u32).collect();
            let points: Vec<[f64; 3]> =
                members.iter().map(|&i| self.receiver_pose[i as usize].translation.vector.into()).collect();
            self.index.insert(key(m), (members, Grid::build(&points, cell)));
        }
    }

    /// The device's cone axis in world coordinates (+x, or +z in worlds older than R2022a).
    fn axis(&self, pose: &Isometry3<f64>) -> Vector3<f64> {
        pose.rotation * if self.legacy_axes { Vector3::z() } else { Vector3::x() }
    }

    /// Sends every queued packet to the receivers that hear it, emitters in scene order.
    pub fn transmit(&mut self, blocked: &Blocked<'_>) {
        let index = std::mem::take(&mut self.index);
        for oi in 0..self.transmit_order.len() {
            let ei = self.transmit_order[oi];
            if self.emitters[ei].queue.is_empty() {
                continue;
            }
            let queue = std::mem::take(&mut self.emitters[ei].queue);
            let from = Point3::from(self.emitter_pose[ei].translation.vector);
            let medium = self.emitters[ei].medium;
            let Some((members, grid)) = index.get(&key(medium)) else { continue };
            for packet in queue {
                let range = self.emitters[ei].effective_range(packet.range);
                if range < 0.0 {
                    for &ri in members {
                        self.offer(ei, ri as usize, &packet, range, &from, blocked);
                    }
                } else {
                    // the visiting order does not matter: each receiver gets its packets in emitter order
                    grid.query(&from.coords.into(), range, |m| {
                        self.offer(ei, members[m as usize] as usize, &packet, range, &from, blocked)
                    });
                }
            }
        }
        self.index = index;
    }

    fn offer(&mut self, ei: usize, ri: usize, packet: &Packet, range: f64, from: &Point3<f64>, blocked: &Blocked<'_>) {
        let to = self.receiver_at[ri];
        if range >= 0.0 && (to - from).norm_squared() > range * range {
            return;
        }
        let e = &self.emitters[ei];
        let r = &self.receivers[ri];
        if !r.sampling.enabled() || !r.hears(packet.channel) || e.robot_node == r.robot_node {
            return;
        }
        if e.medium == Medium::InfraRed {
            let e_axis = self.axis(&self.emitter_pose[ei]);
            let r_axis = self.axis(&self.receiver_pose[ri]);
            if !inside_cone(&e_axis, &(to - from), e.aperture)
                || !inside_cone(&r_axis, &(from - to), r.aperture)
                || blocked(from, &to, e.robot_node, r.robot_node)
            {
                return;
            }
        }
        let infra_red = e.medium == Medium::InfraRed;
        let pose = self.receiver_pose[ri];
        let tag = self.receiver_owner[ri].1;
        let r = &mut self.receivers[ri];
        let (direction, signal) = measure(&pose, from, r);
        // infra-red packets keep their measurement; radio and serial ones follow later moves
        let poses = if infra_red { u64::MAX } else { self.pose_version };
        let packet = ReceivedPacket { channel: r.channel, direction, signal, data: packet.data.clone() };
        r.waiting.push(DeviceEvent { tag, event: Event::ReceiverPacket(packet) });
        r.origins.push(Origin { emitter: ei, range, poses });
    }

    /// After time advanced to `now_ms`: every receiver whose sample is due hands its waiting packets
    /// to its robot's outbox (radio and serial ones measured again, or dropped out of range, when
    /// anything moved since they were sent).
    pub fn sample(&mut self, now_ms: f64, outboxes: &mut [Vec<DeviceEvent>]) {
        for ri in 0..self.receivers.len() {
            if !self.receivers[ri].sampling.due(now_ms) || self.receivers[ri].waiting.is_empty() {
                continue;
            }
            if self.receivers[ri].origins.iter().any(|o| o.poses != self.pose_version && o.poses != u64::MAX) {
                self.remeasure(ri);
            }
            let r = &mut self.receivers[ri];
            if std::mem::take(&mut r.channel_changed) {
                let channel = r.channel;
                for ev in &mut r.waiting {
                    #[allow(irrefutable_let_patterns)] // receivers are not the only devices with events
                    if let Event::ReceiverPacket(p) = &mut ev.event {
                        p.channel = channel;
                    }
                }
            }
            r.origins.clear();
            outboxes[self.receiver_owner[ri].0].append(&mut r.waiting);
        }
    }

    /// Measures a receiver's stale waiting packets from the current poses, dropping those whose emitter
    /// is now out of range.
    fn remeasure(&mut self, ri: usize) {
        let pose = self.receiver_pose[ri];
        let to = self.receiver_at[ri];
        let r = &mut self.receivers[ri];
        let mut kept = Vec::with_capacity(r.waiting.len());
        let waiting = std::mem::take(&mut r.waiting);
        let origins = std::mem::take(&mut r.origins);
        for (mut ev, o) in waiting.into_iter().zip(origins) {
            if o.poses != self.pose_version && o.poses != u64::MAX {
                let from = Point3::from(self.emitter_pose[o.emitter].translation.vector);
                if o.range >= 0.0 && (to - from).norm_squared() > o.range * o.range {
                    continue;
                }
                #[allow(irrefutable_let_patterns)] // receivers are not the only devices with events
                if let Event::ReceiverPacket(p) = &mut ev.event {
                    (p.direction, p.signal) = measure(&pose, &from, r);
                }
            }
            kept.push(ev);
        }
        r.waiting = kept;
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
                self.receivers[ri].waiting.clear();
                self.receivers[ri].origins.clear();
            }
        }
    }
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
fn measure(pose: &Isometry3<f64>, from: &Point3<f64>, r: &mut ReceiverNode) -> ([f64; 3], f64) {
    let mut local = pose.inverse_transform_point(from).coords;
    let dist2 = local.norm_squared();
    if r.direction_noise <= 0.0 && r.signal_noise <= 0.0 {
        let inv = 1.0 / dist2.sqrt();
        return ([local.x * inv, local.y * inv, local.z * inv], inv * inv);
    }
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
