//! One step's delivery: every queued packet offered to the receivers that can hear it. Run by one
//! thread per part of the receivers; each part sees the emitters and their packets in the same order,
//! so a receiver's packets and noise draws do not depend on how the receivers are split.

use nalgebra::{Isometry3, Point3, Vector3};

use super::grid::Entry;
use super::nodes::{EmitterNode, Medium, Origin, Packet, ReceiverNode};
use super::{inside_cone, measure, medium_index, Blocked, Part};
use crate::protocol::{DeviceEvent, Event, ReceivedPacket};

/// What every delivering thread reads.
pub(super) struct Sender<'a, 'b> {
    pub emitters: &'a [EmitterNode],
    pub order: &'a [usize],
    pub emitter_pose: &'a [Isometry3<f64>],
    pub receiver_pose: &'a [Isometry3<f64>],
    /// (robot, tag) of each receiver.
    pub owner: &'a [(usize, u16)],
    pub legacy_axes: bool,
    pub pose_version: u64,
    pub blocked: &'a Blocked<'b>,
}

impl Sender<'_, '_> {
    /// Offers every queued packet to the receivers of `part` (`receivers` are that part's).
    pub fn deliver(&self, part: &Part, receivers: &mut [ReceiverNode]) {
        for &ei in self.order {
            let e = &self.emitters[ei];
            let grid = &part.grids[medium_index(e.medium)];
            if e.queue.is_empty() || grid.entries().is_empty() {
                continue;
            }
            let from = Point3::from(self.emitter_pose[ei].translation.vector);
            for packet in &e.queue {
                let range = e.effective_range(packet.range);
                let mut offer = |entry: &Entry| self.offer(ei, entry, packet, range, &from, part.start, receivers);
                if range < 0.0 {
                    grid.entries().iter().for_each(offer);
                } else {
                    // the visiting order does not matter: each receiver gets its packets in emitter order
                    grid.query(&from.coords.into(), range, &mut offer);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn offer(
        &self,
        ei: usize,
        entry: &Entry,
        packet: &Packet,
        range: f64,
        from: &Point3<f64>,
        base: usize,
        receivers: &mut [ReceiverNode],
    ) {
        let to = Point3::from(entry.at);
        if range >= 0.0 && (to - from).norm_squared() > range * range {
            return;
        }
        let ri = entry.id as usize;
        let e = &self.emitters[ei];
        let r = &mut receivers[ri - base];
        if !r.sampling.enabled() || !r.hears(packet.channel) || e.robot_node == r.robot_node {
            return;
        }
        let infra_red = e.medium == Medium::InfraRed;
        if infra_red {
            let e_axis = self.axis(&self.emitter_pose[ei]);
            let r_axis = self.axis(&self.receiver_pose[ri]);
            if !inside_cone(&e_axis, &(to - from), e.aperture)
                || !inside_cone(&r_axis, &(from - to), r.aperture)
                || (self.blocked)(from, &to, e.robot_node, r.robot_node)
            {
                return;
            }
        }
        let (direction, signal) = measure(&self.receiver_pose[ri], from, r);
        if r.measured_at != self.pose_version {
            r.measured_at = self.pose_version;
            r.measured_from = r.waiting.len();
        }
        let packet = ReceivedPacket { channel: r.channel, direction, signal, data: packet.data.clone() };
        r.waiting.push(DeviceEvent { tag: self.owner[ri].1, event: Event::ReceiverPacket(packet) });
        r.origins.push(Origin { range, emitter: ei as u32 });
    }

    /// The device's cone axis in world coordinates (+x, or +z in worlds older than R2022a).
    fn axis(&self, pose: &Isometry3<f64>) -> Vector3<f64> {
        pose.rotation * if self.legacy_axes { Vector3::z() } else { Vector3::x() }
    }
}
