//! One step's delivery, receiver by receiver: each receiver looks up the step's packets that can reach
//! it and takes them in sending order (emitters in scene order, each emitter's packets first in first
//! out). A receiver's packets are then written one after the other, and the receivers can be shared
//! out between threads without changing what any of them gets, nor its noise draws.

use nalgebra::{Isometry3, Point3, Vector3};

use super::grid::{Entry, Grid};
use super::nodes::{EmitterNode, Medium, Origin, ReceiverNode};
use super::{inside_cone, measure, medium_index, Blocked};
use crate::protocol::{DeviceEvent, Event, Payload, ReceivedPacket};

/// A packet leaving an emitter this step.
#[derive(Clone, Debug)]
struct Send {
    from: Point3<f64>,
    /// The range it reaches; negative: everywhere.
    range: f64,
    channel: i32,
    emitter: usize,
    data: Payload,
}

/// A packet a receiver hears, measured.
struct Heard {
    send: u32,
    direction: [f64; 3],
    signal: f64,
}

/// The step's packets of one medium, in sending order, indexed by where they can reach. Kept from
/// step to step for its memory.
#[derive(Clone, Debug, Default)]
pub(super) struct Outgoing {
    sends: Vec<Send>,
    /// Packets with a finite range, grouped by range.
    classes: Vec<Class>,
    /// Packets every receiver has to consider: infinite range (or one no distance can exceed).
    everywhere: Vec<u32>,
}

/// The packets whose range is at most `bound` (a power of two) and above half of it.
#[derive(Clone, Debug, Default)]
struct Class {
    bound: f64,
    /// Entries: indexes into `sends` at the emitters' positions.
    members: Vec<Entry>,
    /// The members of the previous step: the grid is built for them.
    previous: Vec<Entry>,
    grid: Grid,
}

impl Outgoing {
    /// Takes the queued packets of the `medium` emitters, in sending order.
    pub fn refill(&mut self, medium: Medium, emitters: &[EmitterNode], order: &[usize], poses: &[Isometry3<f64>]) {
        self.clear();
        for &ei in order {
            let e = &emitters[ei];
            if e.medium != medium {
                continue;
            }
            let from = Point3::from(poses[ei].translation.vector);
            for p in &e.queue {
                let range = e.effective_range(p.range);
                self.sends.push(Send { from, range, channel: p.channel, emitter: ei, data: p.data.clone() });
            }
        }
        for (i, s) in self.sends.iter().enumerate() {
            if s.range < 0.0 || !s.range.is_finite() {
                self.everywhere.push(i as u32);
                continue;
            }
            let mut bound = s.range.log2().ceil().exp2();
            if bound < s.range {
                bound *= 2.0;
            }
            let entry = Entry { id: i as u32, at: s.from.coords.into() };
            match self.classes.iter_mut().find(|c| c.bound == bound) {
                Some(c) => c.members.push(entry),
                None => self.classes.push(Class { bound, members: vec![entry], ..Class::default() }),
            }
        }
        self.classes.retain(|c| !c.members.is_empty());
        for c in &mut self.classes {
            // the same packets from the same places as last step (a static world): the same grid
            if c.members != c.previous {
                // cells of half the class's range: a query then looks at about (2·2+1)² cells
                c.grid.rebuild(&c.members, c.bound / 2.0);
                c.previous.clone_from(&c.members);
            }
        }
    }

    /// Where packet `s` came from.
    pub fn origin(&self, s: u32) -> Origin {
        let send = &self.sends[s as usize];
        Origin { range: send.range, emitter: send.emitter as u32 }
    }

    /// Forgets the packets, keeping the memory.
    pub fn clear(&mut self) {
        self.sends.clear();
        self.everywhere.clear();
        self.classes.iter_mut().for_each(|c| c.members.clear());
    }

    pub fn is_empty(&self) -> bool {
        self.sends.is_empty()
    }
}

/// What every delivering thread reads.
pub(super) struct Sender<'a, 'b> {
    /// Per medium.
    pub outgoing: &'a [Outgoing; 3],
    pub emitters: &'a [EmitterNode],
    pub emitter_pose: &'a [Isometry3<f64>],
    pub receiver_pose: &'a [Isometry3<f64>],
    pub receiver_at: &'a [Point3<f64>],
    /// (robot, tag) of each receiver.
    pub owner: &'a [(usize, u16)],
    pub legacy_axes: bool,
    pub pose_version: u64,
    pub blocked: &'a Blocked<'b>,
}

impl Sender<'_, '_> {
    /// Delivers the step's packets to `receivers`, the radio's receivers from index `base` on; returns
    /// how many it delivered.
    pub fn deliver(&self, base: usize, receivers: &mut [ReceiverNode]) -> usize {
        let mut reach: Vec<u32> = Vec::new();
        let mut heard: Vec<Heard> = Vec::new();
        let mut delivered = 0;
        for (i, r) in receivers.iter_mut().enumerate() {
            let out = &self.outgoing[medium_index(r.medium)];
            if out.is_empty() || !r.sampling.enabled() {
                continue;
            }
            let ri = base + i;
            let to = self.receiver_at[ri];
            reach.clear();
            for class in &out.classes {
                class.grid.query(&to.coords.into(), class.bound, |entry| {
                    let s = &out.sends[entry.id as usize];
                    // not "<=": a distance that is not a number does not keep a packet out
                    let beyond = (to - s.from).norm_squared() > s.range * s.range;
                    if !beyond {
                        reach.push(entry.id);
                    }
                });
            }
            let in_reach = if reach.is_empty() {
                &out.everywhere
            } else {
                reach.extend_from_slice(&out.everywhere);
                reach.sort_unstable();
                &reach
            };
            heard.clear();
            heard.extend(in_reach.iter().filter_map(|&s| self.listen(out, s, ri, r)));
            if heard.is_empty() {
                continue;
            }
            if r.measured_at != self.pose_version {
                r.measured_at = self.pose_version;
                r.measured_from = r.waiting.len();
            }
            let (tag, channel) = (self.owner[ri].1, r.channel);
            r.waiting.extend(heard.iter().map(|h| {
                let data = out.sends[h.send as usize].data.clone();
                let packet = ReceivedPacket { channel, direction: h.direction, signal: h.signal, data };
                DeviceEvent { tag, event: Event::ReceiverPacket(packet) }
            }));
            r.fresh.extend(heard.iter().map(|h| h.send));
            delivered += heard.len();
        }
        delivered
    }

    /// Whether receiver `ri` (in reach and listening) hears packet `s`, and how: its measurement.
    fn listen(&self, out: &Outgoing, s: u32, ri: usize, r: &mut ReceiverNode) -> Option<Heard> {
        let send = &out.sends[s as usize];
        let e = &self.emitters[send.emitter];
        if !r.hears(send.channel) || e.robot_node == r.robot_node {
            return None;
        }
        let (from, to) = (&send.from, &self.receiver_at[ri]);
        if e.medium == Medium::InfraRed {
            let e_axis = self.axis(&self.emitter_pose[send.emitter]);
            let r_axis = self.axis(&self.receiver_pose[ri]);
            if !inside_cone(&e_axis, &(to - from), e.aperture)
                || !inside_cone(&r_axis, &(from - to), r.aperture)
                || (self.blocked)(from, to, e.robot_node, r.robot_node)
            {
                return None;
            }
        }
        let (direction, signal) = measure(&self.receiver_pose[ri], from, r);
        Some(Heard { send: s, direction, signal })
    }

    /// The device's cone axis in world coordinates (+x, or +z in worlds older than R2022a).
    fn axis(&self, pose: &Isometry3<f64>) -> Vector3<f64> {
        pose.rotation * if self.legacy_axes { Vector3::z() } else { Vector3::x() }
    }
}
