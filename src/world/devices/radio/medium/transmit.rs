//! One step's delivery, receiver by receiver: each receiver looks up the step's packets that can reach
//! it and takes them in sending order (emitters in scene order, each emitter's packets first in first
//! out), then, if its sample is due at the end of the step, hands what waits to its robot's outbox. A
//! receiver's packets are written one after the other, and the receivers can be shared out between
//! threads (each with its robots' outboxes) without changing what any of them gets, nor its noise
//! draws.
//!
//! The step's packets are stored once, in one table per medium shared by every outbox that gets them.
//! A noise-free radio or serial receiver handing its packets over in the step they arrive gives its
//! robot only their places in the table and its own pose: the controller computes signal strength and
//! direction from these if it reads them (the same values as measured here, to the bit).

use std::sync::Arc;

use nalgebra::{Isometry3, Point3, Vector3};

use super::grid::{Entry, Grid};
use super::nodes::hears;
use super::nodes::{EmitterNode, Medium, Origin, Packet, ReceiverNode};
use super::reach_cache::{ReachCache, Use};
use super::{inside_cone, measure, medium_index, Blocked};
use crate::protocol::{DeviceEvents, Event, PacketTable, SharedTable, TableHandles};
use crate::world::scene::NodeId;

/// A packet leaving an emitter this step.
#[derive(Clone, Debug)]
struct Send {
    from: Point3<f64>,
    /// The range it reaches; negative: everywhere.
    range: f64,
    emitter: usize,
}

/// Who may hear a packet (its channel, and its emitter's robot, which never hears it), kept apart from
/// its `Send`: a receiver checks this of every packet in reach, and reading 16 bytes a packet instead
/// of a whole `Send` keeps the table of a busy step in cache.
#[derive(Clone, Copy, Debug)]
struct Audience {
    channel: i32,
    /// The emitter's robot (`NO_ROBOT`: none), which never hears it.
    robot: usize,
}

/// No robot: never a node's index (it would be the last of a list filling all memory).
const NO_ROBOT: usize = usize::MAX;

impl Audience {
    fn new(channel: i32, robot: Option<NodeId>) -> Audience {
        Audience { channel, robot: robot.unwrap_or(NO_ROBOT) }
    }

    /// Whether a receiver on `channel` in robot `robot` (`NO_ROBOT`: none) hears the packet.
    #[inline]
    fn includes(&self, channel: i32, robot: usize) -> bool {
        hears(channel, self.channel) && self.robot != robot
    }
}

/// The step's packets of one medium, in sending order, indexed by where they can reach. Kept from
/// step to step for its memory.
#[derive(Clone, Debug, Default)]
pub(super) struct Outgoing {
    sends: Vec<Send>,
    /// The same packets' channels and robots, in the same order.
    audience: Vec<Audience>,
    /// The packets' bytes and origins, in the same order, for the outboxes to share.
    pub(super) table: Arc<PacketTable>,
    /// Packets with a finite range, grouped by range.
    classes: Vec<Class>,
    /// Packets every receiver has to consider: infinite range (or one no distance can exceed).
    everywhere: Vec<u32>,
    /// `everywhere` of the previous step that had packets.
    everywhere_before: Vec<u32>,
    /// Bumped whenever the packets' places and ranges differ from those of the previous step that had
    /// packets (the lists of packets in reach of a receiver that did not move are then the same).
    pub(super) layout: u64,
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
    /// Takes the step's packets (`queued`, in sending order), each into the list of its emitter's
    /// medium, and indexes them. The lists are empty between steps (`clear` after each).
    pub fn fill(
        outgoing: &mut [Outgoing; 3],
        queued: &mut Vec<(u32, Packet)>,
        emitters: &[EmitterNode],
        poses: &[Isometry3<f64>],
    ) {
        // last step's tables are reused when no outbox holds them any more
        let mut tables: [PacketTable; 3] =
            std::array::from_fn(|m| Arc::try_unwrap(std::mem::take(&mut outgoing[m].table)).unwrap_or_default());
        for t in &mut tables {
            t.from.clear();
            t.data.clear();
        }
        for (ei, p) in queued.drain(..) {
            let ei = ei as usize;
            let e = &emitters[ei];
            let send = Send {
                from: Point3::from(poses[ei].translation.vector),
                range: e.effective_range(p.range),
                emitter: ei,
            };
            let m = medium_index(e.medium);
            tables[m].push(send.from, p.data);
            outgoing[m].audience.push(Audience::new(p.channel, e.robot_node));
            outgoing[m].sends.push(send);
        }
        for (o, t) in outgoing.iter_mut().zip(tables) {
            o.table = Arc::new(t);
        }
        outgoing.iter_mut().for_each(Outgoing::index);
    }

    /// Groups the packets by range and indexes each group by where it leaves from.
    fn index(&mut self) {
        for (i, s) in self.sends.iter().enumerate() {
            if s.range < 0.0 || !s.range.is_finite() {
                self.everywhere.push(i as u32);
                continue;
            }
            let bound = power_of_two_above(s.range);
            let entry = Entry { id: i as u32, at: s.from.coords.into(), reach: s.range };
            match self.classes.iter_mut().find(|c| c.bound == bound) {
                Some(c) => c.members.push(entry),
                None => self.classes.push(Class { bound, members: vec![entry], ..Class::default() }),
            }
        }
        let classes = self.classes.len();
        self.classes.retain(|c| !c.members.is_empty());
        let mut moved = self.classes.len() != classes;
        for c in &mut self.classes {
            // the same packets from the same places as last step (a static world): the same grid
            if c.members != c.previous {
                // cells of half the class's range: a query then looks at about (2·2+1)² cells
                c.grid.rebuild(&c.members, c.bound / 2.0);
                c.previous.clone_from(&c.members);
                moved = true;
            }
        }
        if self.everywhere != self.everywhere_before {
            self.everywhere_before.clone_from(&self.everywhere);
            moved = true;
        }
        self.layout += u64::from(moved);
    }

    /// Where packet `s` came from.
    pub fn origin(&self, s: u32) -> Origin {
        let send = &self.sends[s as usize];
        Origin { range: send.range, emitter: send.emitter as u32 }
    }

    /// Forgets the packets, keeping the memory.
    pub fn clear(&mut self) {
        self.sends.clear();
        self.audience.clear();
        self.everywhere.clear();
        self.classes.iter_mut().for_each(|c| c.members.clear());
    }

    pub fn is_empty(&self) -> bool {
        self.sends.is_empty()
    }
}

/// The receivers `first..` of the radio, with the outboxes of their robots (`first_robot..`): what one
/// thread works on.
pub(super) struct Part<'r> {
    pub first: usize,
    pub receivers: &'r mut [ReceiverNode],
    pub first_robot: usize,
    pub outboxes: &'r mut [DeviceEvents],
    /// The part's lists of packets in reach, kept from step to step.
    pub cache: &'r mut ReachCache,
}

/// Where a receiver's list of packets in reach comes from: found with `reach`, or kept in `cache` as
/// the part's receiver `i`.
struct Lists<'a> {
    reach: &'a mut Reach,
    cache: &'a mut ReachCache,
    usage: Use,
    i: usize,
}

/// What a delivering thread keeps from one part to the next it takes.
#[derive(Default)]
pub(super) struct Scratch {
    reach: Reach,
    /// Per medium, the table as this thread hands it out (made at its first use).
    tables: [Option<TableHandles>; 3],
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
    /// The end of the step, when due receivers hand their packets over.
    pub now_ms: f64,
    pub blocked: &'a Blocked<'b>,
    /// A replay is recorded: each receiver notes the emitters it heard.
    pub recording: bool,
}

impl Sender<'_, '_> {
    /// The step for one part of the receivers: delivery, then the hand-over of those due. Returns how
    /// many packets it delivered.
    pub fn step(&self, part: Part<'_>, scratch: &mut Scratch) -> usize {
        let Scratch { reach, tables } = scratch;
        let mut delivered = 0;
        let layout = std::array::from_fn(|m| self.outgoing[m].layout);
        let cache = part.cache;
        let usage = cache.begin((self.pose_version, layout), part.receivers.len());
        for (i, r) in part.receivers.iter_mut().enumerate() {
            let ri = part.first + i;
            let outbox = &mut part.outboxes[self.owner[ri].0 - part.first_robot];
            delivered += self.deliver(ri, r, Lists { reach, cache, usage, i }, tables, outbox);
            if r.sampling.due(self.now_ms) && !r.waiting.is_empty() {
                self.hand_over(ri, r, outbox);
            }
        }
        delivered
    }

    /// Delivers the step's packets to receiver `ri` (straight into its robot's `outbox` when they are
    /// handed over at once and need no measuring now); returns how many it took.
    #[inline]
    fn deliver(
        &self,
        ri: usize,
        r: &mut ReceiverNode,
        lists: Lists<'_>,
        tables: &mut [Option<TableHandles>; 3],
        outbox: &mut DeviceEvents,
    ) -> usize {
        let medium = medium_index(r.medium);
        let out = &self.outgoing[medium];
        if out.is_empty() || !r.sampling.enabled() {
            return 0;
        }
        let Lists { reach, cache, usage, i } = lists;
        let kept = if usage == Use::Read { cache.get(i, medium) } else { None };
        let in_reach = match kept {
            Some(ids) if out.everywhere.is_empty() => ids,
            Some(ids) => {
                reach.clear();
                reach.extend(ids);
                Self::and_everywhere(out, reach)
            }
            None => {
                Self::in_range(out, &self.receiver_at[ri], reach);
                if usage == Use::Keep {
                    cache.keep(i, medium, reach.ids());
                }
                Self::and_everywhere(out, reach)
            }
        };
        let before = r.waiting.len();
        let (tag, channel) = (self.owner[ri].1, r.channel);
        // a packet handed over at the end of this step cannot be measured again: no origin needed
        let waits = !r.sampling.is_due(self.now_ms);
        if r.medium != Medium::InfraRed && r.is_exact() && !waits && !self.recording {
            // the usual case: radio or serial (no cones, no obstacles), no noise, handed over now (no
            // measuring again later): packets that waited go first, then this step's as one run of
            // the shared table, measured when read
            if !r.waiting.is_empty() {
                self.hand_over(ri, r, outbox);
            }
            let robot = r.robot_node.unwrap_or(NO_ROBOT);
            let table = tables[medium].get_or_insert_with(|| TableHandles::new(SharedTable::new(out.table.clone())));
            // the audience as a slice of its own, moved in: the test loop then keeps it in registers
            let audience = out.audience.as_slice();
            let heard = outbox.push_run_of(tag, channel, table, &self.receiver_pose[ri], in_reach, move |s| {
                audience[s as usize].includes(channel, robot)
            });
            if heard > 0 {
                // as if they had waited and been handed over: all measured at this pose version
                (r.measured_at, r.measured_from) = (self.pose_version, 0);
            }
            return heard;
        }
        for &s in in_reach {
            if let Some((direction, signal)) = self.listen(out, s, ri, r) {
                r.waiting.push_packet(tag, channel, direction, signal, &out.table.data[s as usize]);
                if waits {
                    r.origins.push(out.origin(s));
                }
                if self.recording {
                    heard(r, out.sends[s as usize].emitter);
                }
            }
        }
        self.delivered(r, before)
    }

    /// Fills `reach` with the packets of `out` with a finite range that reach a receiver at `to`, in
    /// sending order.
    #[inline]
    fn in_range(out: &Outgoing, to: &Point3<f64>, reach: &mut Reach) {
        reach.clear();
        for class in &out.classes {
            for run in class.grid.runs(&to.coords.into(), class.bound) {
                reach.add_in_reach(run, to);
            }
        }
        // robots placed in rows in scene order come out of the grid in order already
        reach.sort();
    }

    /// The packets in `reach` (in sending order) and those that reach everywhere, in sending order.
    #[inline]
    fn and_everywhere<'r>(out: &'r Outgoing, reach: &'r mut Reach) -> &'r [u32] {
        if reach.is_empty() {
            &out.everywhere
        } else if out.everywhere.is_empty() {
            reach.ids()
        } else {
            reach.extend(&out.everywhere);
            reach.sort();
            reach.ids()
        }
    }

    /// How many packets the receiver took since it had `before` waiting; notes when they were measured.
    #[inline]
    fn delivered(&self, r: &mut ReceiverNode, before: usize) -> usize {
        let heard = r.waiting.len() - before;
        if heard > 0 && r.measured_at != self.pose_version {
            r.measured_at = self.pose_version;
            r.measured_from = before;
        }
        heard
    }

    /// A due receiver's waiting packets go to its robot's outbox, measured again if anything moved
    /// since they came, with the receiver's channel if it changed meanwhile.
    fn hand_over(&self, ri: usize, r: &mut ReceiverNode, outbox: &mut DeviceEvents) {
        let stale = r.measured_before(self.pose_version);
        if stale > 0 {
            self.remeasure(ri, r, stale);
        }
        if std::mem::take(&mut r.channel_changed) {
            let channel = r.channel;
            for ev in r.waiting.events_mut() {
                if let Event::ReceiverPacket(p) = &mut ev.event {
                    p.channel = channel;
                }
            }
        }
        r.origins.clear();
        r.measured_from = 0;
        outbox.append(&mut r.waiting);
    }

    /// Measures the receiver's first `stale` waiting packets again from the current poses, dropping
    /// those whose emitter is now out of range. Infra-red packets keep their first measurement.
    fn remeasure(&self, ri: usize, r: &mut ReceiverNode, stale: usize) {
        let (pose, to) = (&self.receiver_pose[ri], self.receiver_at[ri]);
        let mut waiting = std::mem::take(&mut r.waiting);
        let origins = std::mem::take(&mut r.origins);
        // packets waiting past the step they came in have origins
        waiting.retain(|i, ev| {
            let Some(o) = origins.get(i).filter(|_| i < stale) else {
                return true;
            };
            let emitter = o.emitter as usize;
            if self.emitters[emitter].medium != Medium::InfraRed {
                let from = Point3::from(self.emitter_pose[emitter].translation.vector);
                if o.range >= 0.0 && (to - from).norm_squared() > o.range * o.range {
                    return false;
                }
                if let Event::ReceiverPacket(p) = &mut ev.event {
                    (p.direction, p.signal) = measure(pose, &from, r);
                }
            }
            true
        });
        r.waiting = waiting;
    }

    /// Whether receiver `ri` (in reach and listening) hears packet `s`, and how: its measurement.
    #[inline]
    fn listen(&self, out: &Outgoing, s: u32, ri: usize, r: &mut ReceiverNode) -> Option<([f64; 3], f64)> {
        if !out.audience[s as usize].includes(r.channel, r.robot_node.unwrap_or(NO_ROBOT)) {
            return None;
        }
        let send = &out.sends[s as usize];
        let (from, to) = (&send.from, &self.receiver_at[ri]);
        if r.medium == Medium::InfraRed {
            let e = &self.emitters[send.emitter];
            let e_axis = self.axis(&self.emitter_pose[send.emitter]);
            let r_axis = self.axis(&self.receiver_pose[ri]);
            if !inside_cone(&e_axis, &(to - from), e.aperture)
                || !inside_cone(&r_axis, &(from - to), r.aperture)
                || (self.blocked)(from, to, e.robot_node, r.robot_node)
            {
                return None;
            }
        }
        Some(measure(&self.receiver_pose[ri], from, r))
    }

    /// The device's cone axis in world coordinates (+x, or +z in worlds older than R2022a).
    fn axis(&self, pose: &Isometry3<f64>) -> Vector3<f64> {
        pose.rotation * if self.legacy_axes { Vector3::z() } else { Vector3::x() }
    }
}

/// A replay is recorded: the receiver notes whom it heard (out of the delivery loop's way).
#[cold]
#[inline(never)]
fn heard(r: &mut ReceiverNode, emitter: usize) {
    r.heard.push(emitter as u32);
}

/// The packets that can reach one receiver: `ids[..len]`, in a buffer that only grows (filling it
/// anew for every receiver would cost more than the tests).
#[derive(Default)]
struct Reach {
    ids: Vec<u32>,
    len: usize,
}

impl Reach {
    fn clear(&mut self) {
        self.len = 0;
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn ids(&self) -> &[u32] {
        &self.ids[..self.len]
    }

    /// Room for `more` ids after the current ones.
    #[inline]
    fn room(&mut self, more: usize) -> &mut [u32] {
        if self.ids.len() < self.len + more {
            self.ids.resize((self.len + more).next_power_of_two(), 0);
        }
        &mut self.ids[self.len..self.len + more]
    }

    fn extend(&mut self, ids: &[u32]) {
        self.room(ids.len()).copy_from_slice(ids);
        self.len += ids.len();
    }

    fn sort(&mut self) {
        let ids = &mut self.ids[..self.len];
        if !ids.is_sorted() {
            ids.sort_unstable();
        }
    }

    /// Adds the ids of the entries of `run` whose reach covers `to`, without a branch per entry (about
    /// half the candidates pass, in no pattern a predictor could learn).
    #[inline]
    fn add_in_reach(&mut self, run: &[Entry], to: &Point3<f64>) {
        let room = self.room(run.len());
        let mut n = 0;
        for e in run {
            let d = [e.at[0] - to.x, e.at[1] - to.y, e.at[2] - to.z];
            // not "<=": a distance that is not a number does not keep a packet out
            let beyond = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > e.reach * e.reach;
            room[n] = e.id;
            n += usize::from(!beyond);
        }
        self.len += n;
    }
}

/// The smallest power of two at or above a finite positive `x`.
fn power_of_two_above(x: f64) -> f64 {
    const MANTISSA: u64 = (1 << 52) - 1;
    if !x.is_normal() {
        let mut bound = x.log2().ceil().exp2();
        if bound < x {
            bound *= 2.0;
        }
        return bound;
    }
    let bits = x.to_bits();
    if bits & MANTISSA == 0 {
        x
    } else {
        // the next exponent with an empty mantissa (the sign bit is clear: x > 0)
        f64::from_bits((bits & !MANTISSA) + (1 << 52))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_bounds_are_the_next_power_of_two() {
        for (x, want) in [(2.0, 2.0), (2.5, 4.0), (0.3, 0.5), (1000.0, 1024.0), (1.0, 1.0)] {
            assert_eq!(power_of_two_above(x), want, "{x}");
        }
        for x in [0.7, 3.0, 5.5, 1e6 + 1.0, 1e-5, 1e-310] {
            let b = power_of_two_above(x);
            assert!(b >= x && b / 2.0 < x && b.log2().fract() == 0.0, "{x} -> {b}");
        }
    }

    #[test]
    fn in_reach_keeps_exactly_the_covering_entries_in_order() {
        let to = Point3::new(0.0, 0.0, 0.0);
        let run: Vec<Entry> = (0..40)
            .map(|i| Entry { id: i, at: [f64::from(i) * 0.1, 0.0, 0.0], reach: [1.0, 2.0, f64::NAN][i as usize % 3] })
            .collect();
        let mut reach = Reach::default();
        reach.extend(&[99]);
        reach.add_in_reach(&run, &to);
        let want: Vec<u32> = std::iter::once(99)
            .chain(run.iter().filter(|e| e.reach.is_nan() || e.at[0] * e.at[0] <= e.reach * e.reach).map(|e| e.id))
            .collect();
        assert_eq!(reach.ids(), want);
        assert!(reach.len > 10 && reach.len < 41);
    }
}
