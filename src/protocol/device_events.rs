//! The device events of an answer, in the order they happened. The events themselves are plain values:
//! what owns memory (payloads too long to sit inline, new field values) waits in side tables that the
//! events refer to by index. A swarm step hands out a hundred thousand packets, and a list of them is
//! emptied, appended and dropped without visiting each one.
//!
//! The packets a noise-free radio or serial receiver takes in the step it hands them over travel as a
//! run: the indexes of the packets in the step's shared table (bytes stored once per packet sent) and
//! the receiver's pose, from which a packet's signal strength and direction are computed when read. On
//! the wire a run carries the receiver's pose and each packet's bytes and origin, so that the
//! controller's process computes them, and only when its controller asks.

use std::sync::Arc;

use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector4};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::imagers::DeviceData;
use super::messages::{DeviceEvent, DeviceSetup, Event, ReceivedPacket};
use super::packet_table::{Measure, PacketTable, SharedTable, TableHandles};
use super::payload::{PacketBytes, Payload};

/// Two lists are equal when a controller reads the same events from them (a run's packets equal to
/// the same packets measured at delivery).
#[derive(Clone, Debug, Default)]
// in declaration order, what delivering a step's packets writes first: thousands of lists are filled
// one after the other, and these fields then share fewer cache lines
#[repr(C)]
pub struct DeviceEvents {
    events: Vec<DeviceEvent>,
    /// The packets of the runs: indexes into their tables.
    heard: Vec<u32>,
    /// The runs of `Event::Packets` events.
    runs: Vec<PacketRun>,
    /// The packet tables that `Event::Packets` runs refer to: the first (usually the only one) held
    /// in the list itself, which every step reads anyway, the others in `rare`.
    table: Option<SharedTable>,
    /// What few lists hold, out of line (`None`: nothing yet): the list a robot's step fills and hands
    /// over is then 88 bytes instead of 200, and a step touches thousands of them.
    rare: Option<Box<Rare>>,
}

/// The parts of a `DeviceEvents` that most lists leave empty.
#[derive(Clone, Debug, Default)]
struct Rare {
    /// The packet tables after the list's first.
    tables: Vec<SharedTable>,
    /// Payloads of `PacketBytes::Shared` events.
    shared: Vec<Payload>,
    /// New field values of `Event::Config` events.
    configs: Vec<DeviceSetup>,
    /// Values of `Event::LongSample` events.
    long_samples: Vec<Vec<f64>>,
    /// Images and range images of `Event::Data` events.
    data: Vec<DeviceData>,
}

impl Rare {
    const NONE: &'static Rare = &Rare {
        tables: Vec::new(),
        shared: Vec::new(),
        configs: Vec::new(),
        long_samples: Vec::new(),
        data: Vec::new(),
    };

    fn clear_events(&mut self) {
        self.shared.clear();
        self.configs.clear();
        self.long_samples.clear();
        self.data.clear();
    }
}

/// Packets `heard[first..first + len]` of table `table`, heard on `channel` by a receiver at `receiver`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PacketRun {
    table: u32,
    channel: i32,
    receiver: Isometry3<f64>,
    first: u32,
    len: u32,
}

/// An event with what it refers to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventRef<'a> {
    Packet(PacketRef<'a>),
    Config(&'a DeviceSetup),
    CompassValues([f64; 3]),
    ConnectorPresence(i32),
    /// A sensor's sample (the first values a short sample carries are meaningful).
    Sample(&'a [f64]),
    Data(&'a DeviceData),
}

/// A delivered packet as a controller takes it.
#[derive(Clone, Copy, Debug)]
pub struct PacketRef<'a> {
    /// The receiver's channel at delivery.
    pub channel: i32,
    pub data: &'a [u8],
    pub measure: Measure,
}

/// The same values, to the bit, whether measured at delivery or left to compute.
impl PartialEq for PacketRef<'_> {
    fn eq(&self, other: &PacketRef<'_>) -> bool {
        let bits = |p: &PacketRef<'_>| {
            let (direction, signal) = p.measure.values();
            (direction.map(f64::to_bits), signal.to_bits())
        };
        self.channel == other.channel && self.data == other.data && bits(self) == bits(other)
    }
}

impl PartialEq for DeviceEvents {
    fn eq(&self, other: &DeviceEvents) -> bool {
        self.iter().eq(other.iter())
    }
}

impl DeviceEvents {
    /// An empty list with room for `events` events.
    pub fn with_capacity(events: usize) -> DeviceEvents {
        DeviceEvents { events: Vec::with_capacity(events), ..DeviceEvents::default() }
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    fn rare(&self) -> &Rare {
        self.rare.as_deref().unwrap_or(Rare::NONE)
    }

    fn rare_mut(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Self::new_rare)
    }

    /// Out of line: the lists filled by the thousand (a receiver's packets) never need it, and their
    /// loops are tighter without it.
    #[cold]
    #[inline(never)]
    fn new_rare() -> Box<Rare> {
        Box::default()
    }

    /// Forgets every event, keeping the memory.
    pub fn clear(&mut self) {
        self.table = None;
        if let Some(rare) = &mut self.rare {
            rare.tables.clear();
        }
        self.clear_events();
    }

    /// `clear`, with the packet tables moved into `retired` rather than let go here: a caller emptying
    /// many lists lets them all go at once (letting one go is an atomic count, which waits for every
    /// write before it, this list's too).
    pub fn clear_retiring(&mut self, retired: &mut Vec<SharedTable>) {
        retired.extend(self.table.take());
        if let Some(rare) = &mut self.rare {
            retired.append(&mut rare.tables);
        }
        self.clear_events();
    }

    /// Everything but the tables.
    fn clear_events(&mut self) {
        self.events.clear();
        if let Some(rare) = &mut self.rare {
            rare.clear_events();
        }
        self.runs.clear();
        self.heard.clear();
    }

    /// Events, with each packet of a run counted as one.
    pub fn items(&self) -> usize {
        self.events.len() - self.runs.len() + self.heard.len()
    }

    /// Room for `events` more events.
    pub fn reserve(&mut self, events: usize) {
        self.events.reserve(events);
    }

    /// A packet for receiver `tag`.
    #[inline]
    pub fn push_packet(&mut self, tag: u16, channel: i32, direction: [f64; 3], signal: f64, data: &Payload) {
        let data = match data.short() {
            Some(bytes) => PacketBytes::Short(bytes),
            None => {
                let shared = &mut self.rare_mut().shared;
                shared.push(data.clone());
                PacketBytes::Shared((shared.len() - 1) as u32)
            }
        };
        let packet = ReceivedPacket { channel, direction, signal, data };
        self.events.push(DeviceEvent { tag, event: Event::ReceiverPacket(packet) });
    }

    /// The packets `packets` of the handles' table for receiver `tag`, on `channel`, at pose `receiver`
    /// (their signal strength and direction are computed when read). Returns how many there were.
    pub fn push_run(
        &mut self,
        tag: u16,
        channel: i32,
        table: &mut TableHandles,
        receiver: &Isometry3<f64>,
        packets: &[u32],
    ) -> usize {
        self.push_run_of(tag, channel, table, receiver, packets, |_| true)
    }

    /// `push_run` of the packets of `candidates` that `keep` accepts, in their order, without a branch
    /// per packet (the loop a filtering iterator makes, one capacity check per packet, costs more than
    /// the test).
    #[inline]
    pub fn push_run_of(
        &mut self,
        tag: u16,
        channel: i32,
        table: &mut TableHandles,
        receiver: &Isometry3<f64>,
        candidates: &[u32],
        keep: impl Fn(u32) -> bool,
    ) -> usize {
        let first = self.heard.len();
        self.heard.resize(first + candidates.len(), 0);
        let room = &mut self.heard[first..];
        let mut n = 0;
        for &s in candidates {
            room[n] = s;
            n += usize::from(keep(s));
        }
        self.heard.truncate(first + n);
        if n == 0 {
            return 0;
        }
        if !self.rare().tables.last().or(self.table.as_ref()).is_some_and(|t| Arc::ptr_eq(t, table.table())) {
            self.add_table(table.take());
        }
        self.runs.push(PacketRun {
            table: (self.table_count() - 1) as u32,
            channel,
            receiver: *receiver,
            first: first as u32,
            len: n as u32,
        });
        self.events.push(DeviceEvent { tag, event: Event::Packets((self.runs.len() - 1) as u32) });
        n
    }

    /// New field values for device `tag`.
    pub fn push_config(&mut self, tag: u16, setup: DeviceSetup) {
        let configs = &mut self.rare_mut().configs;
        configs.push(setup);
        let i = (configs.len() - 1) as u32;
        self.events.push(DeviceEvent { tag, event: Event::Config(i) });
    }

    pub fn push_compass_values(&mut self, tag: u16, values: [f64; 3]) {
        self.events.push(DeviceEvent { tag, event: Event::CompassValues(values) });
    }

    /// A sensor's sample, inline when it is four numbers or fewer.
    pub fn push_sample(&mut self, tag: u16, values: &[f64]) {
        let event = if values.len() <= 4 {
            let mut v = [f64::NAN; 4];
            v[..values.len()].copy_from_slice(values);
            Event::Sample(v)
        } else {
            let long_samples = &mut self.rare_mut().long_samples;
            long_samples.push(values.to_vec());
            Event::LongSample((long_samples.len() - 1) as u32)
        };
        self.events.push(DeviceEvent { tag, event });
    }

    /// An image or range image for device `tag`.
    pub fn push_data(&mut self, tag: u16, data: DeviceData) {
        let list = &mut self.rare_mut().data;
        list.push(data);
        let i = (list.len() - 1) as u32;
        self.events.push(DeviceEvent { tag, event: Event::Data(i) });
    }

    pub fn push_connector_presence(&mut self, tag: u16, presence: i32) {
        self.events.push(DeviceEvent { tag, event: Event::ConnectorPresence(presence) });
    }

    /// Moves `other`'s events after these, leaving `other` empty (with this list's spare memory when
    /// this one was empty).
    pub fn append(&mut self, other: &mut DeviceEvents) {
        if self.is_empty() {
            self.clear();
            std::mem::swap(self, other);
            return;
        }
        let mine = self.rare();
        let (shared, configs, long, data, runs) = (
            mine.shared.len() as u32,
            mine.configs.len() as u32,
            mine.long_samples.len() as u32,
            mine.data.len() as u32,
            self.runs.len() as u32,
        );
        let start = self.events.len();
        self.events.append(&mut other.events);
        let theirs = other.rare();
        if !theirs.shared.is_empty()
            || !theirs.configs.is_empty()
            || !theirs.long_samples.is_empty()
            || !theirs.data.is_empty()
            || !other.runs.is_empty()
        {
            for ev in &mut self.events[start..] {
                match &mut ev.event {
                    Event::ReceiverPacket(ReceivedPacket { data: PacketBytes::Shared(i), .. }) => *i += shared,
                    Event::Config(i) => *i += configs,
                    Event::LongSample(i) => *i += long,
                    Event::Data(i) => *i += data,
                    Event::Packets(i) => *i += runs,
                    _ => {}
                }
            }
            let (tables, heard) = (self.table_count() as u32, self.heard.len() as u32);
            for run in &mut other.runs {
                run.table += tables;
                run.first += heard;
            }
        }
        if let Some(theirs) = &mut other.rare {
            let mine = self.rare_mut();
            mine.shared.append(&mut theirs.shared);
            mine.configs.append(&mut theirs.configs);
            mine.long_samples.append(&mut theirs.long_samples);
            mine.data.append(&mut theirs.data);
        }
        if let Some(t) = other.table.take() {
            self.add_table(t);
        }
        if let Some(theirs) = &mut other.rare {
            for t in theirs.tables.drain(..) {
                self.add_table(t);
            }
        }
        self.runs.append(&mut other.runs);
        self.heard.append(&mut other.heard);
    }

    /// The events with what they refer to, in order, a run's packets one by one (an event whose
    /// reference is missing is skipped).
    pub fn iter(&self) -> Iter<'_> {
        Iter { list: self, events: self.events.iter(), run: None }
    }

    /// One event (`None` for a run, or a missing reference).
    fn single<'a>(&'a self, event: &'a Event) -> Option<EventRef<'a>> {
        Some(match event {
            Event::ReceiverPacket(p) => EventRef::Packet(PacketRef {
                channel: p.channel,
                data: self.packet_bytes(&p.data)?,
                measure: Measure::Known { direction: p.direction, signal: p.signal },
            }),
            Event::Config(i) => EventRef::Config(self.rare().configs.get(*i as usize)?),
            Event::CompassValues(v) => EventRef::CompassValues(*v),
            Event::ConnectorPresence(p) => EventRef::ConnectorPresence(*p),
            Event::Sample(v) => EventRef::Sample(v),
            Event::LongSample(i) => EventRef::Sample(self.rare().long_samples.get(*i as usize)?),
            Event::Data(i) => EventRef::Data(self.rare().data.get(*i as usize)?),
            Event::Packets(_) => return None,
        })
    }

    /// Run `i`, its table and its packets' indexes.
    fn run(&self, i: u32) -> Option<(&PacketRun, &PacketTable, &[u32])> {
        let run = self.runs.get(i as usize)?;
        let table = match run.table {
            0 => self.table.as_ref(),
            i => self.rare().tables.get(i as usize - 1),
        };
        let table = &***table?;
        let heard = self.heard.get(run.first as usize..(run.first + run.len) as usize)?;
        Some((run, table, heard))
    }

    fn table_count(&self) -> usize {
        usize::from(self.table.is_some()) + self.rare().tables.len()
    }

    fn add_table(&mut self, table: SharedTable) {
        if self.table.is_none() {
            self.table = Some(table);
        } else {
            self.rare_mut().tables.push(table);
        }
    }

    fn packet_bytes<'a>(&'a self, data: &'a PacketBytes) -> Option<&'a [u8]> {
        match data {
            PacketBytes::Short(bytes) => Some(bytes),
            PacketBytes::Shared(i) => self.rare().shared.get(*i as usize).map(|p| &**p),
        }
    }

    /// The events, to change in place (measurements, channels); what they refer to stays.
    pub fn events_mut(&mut self) -> &mut [DeviceEvent] {
        &mut self.events
    }

    /// Keeps the events for which `keep` (given each event's place in the list) says so. What the
    /// dropped ones referred to stays until the list is cleared.
    pub fn retain(&mut self, mut keep: impl FnMut(usize, &mut DeviceEvent) -> bool) {
        let mut i = 0;
        self.events.retain_mut(|ev| {
            i += 1;
            keep(i - 1, ev)
        });
    }
}

/// `DeviceEvents::iter`.
pub struct Iter<'a> {
    list: &'a DeviceEvents,
    events: std::slice::Iter<'a, DeviceEvent>,
    /// The run being walked: its tag, run, table and packets left.
    run: Option<(u16, &'a PacketRun, &'a PacketTable, std::slice::Iter<'a, u32>)>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (u16, EventRef<'a>);

    fn next(&mut self) -> Option<(u16, EventRef<'a>)> {
        loop {
            if let Some((tag, run, table, packets)) = &mut self.run {
                if let Some(&s) = packets.next() {
                    let (Some(from), Some(data)) = (table.from.get(s as usize), table.data.get(s as usize)) else {
                        continue;
                    };
                    let measure = Measure::Lazy { from: *from, receiver: run.receiver };
                    return Some((*tag, EventRef::Packet(PacketRef { channel: run.channel, data, measure })));
                }
                self.run = None;
            }
            let ev = self.events.next()?;
            if let Event::Packets(i) = ev.event {
                if let Some((run, table, heard)) = self.list.run(i) {
                    self.run = Some((ev.tag, run, table, heard.iter()));
                }
                continue;
            }
            if let Some(event) = self.list.single(&ev.event) {
                return Some((ev.tag, event));
            }
        }
    }
}

/// The wire form: the events with their side tables; each run with its channel, the receiver's pose
/// and its packets (origin, bytes), measured in the controller's process.
#[derive(Serialize)]
struct WireRef<'a> {
    events: &'a [DeviceEvent],
    shared: &'a [Payload],
    configs: &'a [DeviceSetup],
    long_samples: &'a [Vec<f64>],
    data: &'a [DeviceData],
    runs: RunsOut<'a>,
}

/// A run on the wire.
type WireRun = (i32, [f64; 7], Vec<([f64; 3], Payload)>);

#[derive(Deserialize)]
struct Wire {
    events: Vec<DeviceEvent>,
    shared: Vec<Payload>,
    configs: Vec<DeviceSetup>,
    long_samples: Vec<Vec<f64>>,
    data: Vec<DeviceData>,
    runs: Vec<WireRun>,
}

/// A pose as the rotation's quaternion coordinates (i, j, k, w), then the translation.
fn pose_to_wire(pose: &Isometry3<f64>) -> [f64; 7] {
    let (q, t) = (pose.rotation.quaternion().coords, pose.translation.vector);
    [q[0], q[1], q[2], q[3], t[0], t[1], t[2]]
}

/// The pose written by `pose_to_wire`, to the bit.
fn pose_from_wire(p: &[f64; 7]) -> Isometry3<f64> {
    let rotation = UnitQuaternion::new_unchecked(Quaternion::from_vector(Vector4::new(p[0], p[1], p[2], p[3])));
    Isometry3::from_parts(Translation3::new(p[4], p[5], p[6]), rotation)
}

/// The runs of a list, written without copying their packets first.
struct RunsOut<'a>(&'a DeviceEvents);

impl Serialize for RunsOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let list = self.0;
        serializer.collect_seq((0..list.runs.len() as u32).map(|i| RunOut(list, i)))
    }
}

struct RunOut<'a>(&'a DeviceEvents, u32);

impl Serialize for RunOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // a run always refers to what its list holds; were it not, it would go out empty
        let (channel, pose, table, heard) = match self.0.run(self.1) {
            Some((run, table, heard)) => (run.channel, pose_to_wire(&run.receiver), Some(table), heard),
            None => (0, pose_to_wire(&Isometry3::identity()), None, &[][..]),
        };
        let packets = PacketsOut(table, heard);
        (channel, pose, packets).serialize(serializer)
    }
}

struct PacketsOut<'a>(Option<&'a PacketTable>, &'a [u32]);

impl Serialize for PacketsOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some(table) = self.0 else { return serializer.collect_seq(std::iter::empty::<()>()) };
        // (every index is in its table; were one not, it would go out as an empty packet from nowhere)
        let nowhere = (Point3::new(f64::NAN, f64::NAN, f64::NAN), Payload::from(&[][..]));
        serializer.collect_seq(self.1.iter().map(|&s| {
            let from = table.from.get(s as usize).unwrap_or(&nowhere.0);
            ([from.x, from.y, from.z], table.data.get(s as usize).unwrap_or(&nowhere.1))
        }))
    }
}

impl Serialize for DeviceEvents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rare = self.rare();
        WireRef {
            events: &self.events,
            shared: &rare.shared,
            configs: &rare.configs,
            long_samples: &rare.long_samples,
            data: &rare.data,
            runs: RunsOut(self),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DeviceEvents {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DeviceEvents, D::Error> {
        let Wire { events, shared, configs, long_samples, data, runs: wire_runs } = Wire::deserialize(deserializer)?;
        // the runs' packets in one table of the list's own
        let (mut table, mut runs, mut heard) = (PacketTable::default(), Vec::new(), Vec::new());
        for (channel, pose, packets) in wire_runs {
            let first = heard.len() as u32;
            for (from, data) in packets {
                heard.push(table.len() as u32);
                table.push(Point3::from(from), data);
            }
            let receiver = pose_from_wire(&pose);
            runs.push(PacketRun { table: 0, channel, receiver, first, len: heard.len() as u32 - first });
        }
        let table = (!runs.is_empty()).then(|| Arc::new(Arc::new(table)));
        let rare = (!shared.is_empty() || !configs.is_empty() || !long_samples.is_empty() || !data.is_empty())
            .then(|| Box::new(Rare { tables: Vec::new(), shared, configs, long_samples, data }));
        Ok(DeviceEvents { events, table, rare, runs, heard })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::ConnectorSetup;

    fn bytes(len: usize, seed: u8) -> Payload {
        Payload::from((0..len).map(|i| seed.wrapping_add(i as u8)).collect::<Vec<u8>>())
    }

    fn summary(list: &DeviceEvents) -> Vec<String> {
        list.iter()
            .map(|(tag, ev)| match ev {
                EventRef::Packet(p) => format!("{tag} packet ch{} {:?} {:?}", p.channel, p.data, p.measure.values()),
                EventRef::Config(setup) => format!("{tag} config {setup:?}"),
                EventRef::CompassValues(v) => format!("{tag} compass {v:?}"),
                EventRef::ConnectorPresence(p) => format!("{tag} presence {p}"),
                EventRef::Sample(v) => format!("{tag} sample {v:?}"),
                EventRef::Data(d) => format!("{tag} data {d:?}"),
            })
            .collect()
    }

    /// Three packets: from (0, 2, 0) with 3 bytes, from (-3, 0, 0) with 40, from (0, 0, 0.5) with 1.
    fn table() -> SharedTable {
        let mut t = PacketTable::default();
        t.push(nalgebra::Point3::new(0.0, 2.0, 0.0), bytes(3, 1));
        t.push(nalgebra::Point3::new(-3.0, 0.0, 0.0), bytes(40, 2));
        t.push(nalgebra::Point3::new(0.0, 0.0, 0.5), bytes(1, 3));
        Arc::new(Arc::new(t))
    }

    /// Three other packets: from (5, 0, 0) with 2 bytes, from (0, -1, 0) with 30, from (1, 1, 1) with 4.
    fn other_table() -> SharedTable {
        let mut t = PacketTable::default();
        t.push(nalgebra::Point3::new(5.0, 0.0, 0.0), bytes(2, 9));
        t.push(nalgebra::Point3::new(0.0, -1.0, 0.0), bytes(30, 8));
        t.push(nalgebra::Point3::new(1.0, 1.0, 1.0), bytes(4, 7));
        Arc::new(Arc::new(t))
    }

    /// A receiver at the origin turned a quarter turn about z (its +x is the world's +y).
    fn quarter_turn() -> Isometry3<f64> {
        Isometry3::new(nalgebra::Vector3::zeros(), nalgebra::Vector3::z() * std::f64::consts::FRAC_PI_2)
    }

    /// A packet as read: tag, channel, bytes, direction, signal strength.
    type Read = (u16, i32, Vec<u8>, [f64; 3], f64);

    fn packets(list: &DeviceEvents) -> Vec<Read> {
        list.iter()
            .filter_map(|(tag, ev)| match ev {
                EventRef::Packet(p) => {
                    let (direction, signal) = p.measure.values();
                    Some((tag, p.channel, p.data.to_vec(), direction, signal))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_run_reads_as_its_packets_measured_from_the_receivers_pose() {
        let t = table();
        let mut handles = TableHandles::new(t.clone());
        let mut list = DeviceEvents::default();
        list.push_compass_values(2, [0.0, 1.0, 0.0]);
        assert_eq!(list.push_run(5, 3, &mut handles, &quarter_turn(), &[0, 2]), 2);
        assert_eq!(list.push_run(5, 3, &mut handles, &quarter_turn(), &[]), 0, "an empty run adds nothing");
        assert_eq!((list.len(), list.items()), (2, 3));
        let got = packets(&list);
        // (0, 2, 0) is straight ahead at 2 m; (0, 0, 0.5) straight up at 0.5 m
        let want = [(bytes(3, 1), [1.0, 0.0, 0.0], 0.25), (bytes(1, 3), [0.0, 0.0, 1.0], 4.0)];
        assert_eq!(got.len(), 2);
        for ((tag, channel, data, direction, signal), (w_data, w_direction, w_signal)) in got.iter().zip(&want) {
            assert_eq!((*tag, *channel, &data[..]), (5, 3, &w_data[..]));
            assert!((0..3).all(|k| (direction[k] - w_direction[k]).abs() < 1e-12), "{direction:?}");
            assert!((signal - w_signal).abs() < 1e-12, "{signal}");
        }
        // the same packets measured at delivery: equal, to the bit
        let mut eager = DeviceEvents::default();
        eager.push_compass_values(2, [0.0, 1.0, 0.0]);
        for s in [0, 2] {
            let (direction, signal) = crate::protocol::packet_table::measure_exact(&quarter_turn(), &t.from[s]);
            eager.push_packet(5, 3, direction, signal, &t.data[s]);
        }
        assert_eq!(list, eager);
        eager.events_mut()[1].tag = 6;
        assert_ne!(list, eager);
    }

    #[test]
    fn a_run_of_candidates_keeps_those_accepted_in_their_order() {
        let t = table();
        let mut handles = TableHandles::new(t.clone());
        let mut list = DeviceEvents::default();
        // after a run already there, so the kept packets must land behind it
        list.push_run(5, 3, &mut handles, &quarter_turn(), &[1]);
        assert_eq!(list.push_run_of(5, 3, &mut handles, &quarter_turn(), &[2, 1, 0], |s| s != 1), 2);
        assert_eq!(list.push_run_of(5, 3, &mut handles, &quarter_turn(), &[1, 1], |s| s != 1), 0, "none kept: no run");
        assert_eq!(list.push_run_of(5, 3, &mut handles, &quarter_turn(), &[], |_| true), 0);
        assert_eq!((list.len(), list.items()), (2, 3));
        let mut want = DeviceEvents::default();
        want.push_run(5, 3, &mut TableHandles::new(t.clone()), &quarter_turn(), &[1]);
        want.push_run(5, 3, &mut TableHandles::new(t), &quarter_turn(), &[2, 0]);
        assert_eq!(packets(&list), packets(&want));
    }

    #[test]
    fn runs_share_their_table_append_and_cross_the_wire_written_out() {
        let t = table();
        let mut handles = TableHandles::new(t.clone());
        let mut a = DeviceEvents::default();
        a.push_run(1, 0, &mut handles, &quarter_turn(), &[1]);
        a.push_config(3, DeviceSetup::Connector(ConnectorSetup { is_locked: true }));
        a.push_run(1, 0, &mut handles, &quarter_turn(), &[0, 1, 2]);
        drop(handles);
        assert_eq!(Arc::strong_count(&t), 2, "one list holds a table once");
        let mut b = DeviceEvents::default();
        b.push_packet(1, 0, [0.0, 1.0, 0.0], 0.5, &bytes(20, 4));
        b.push_run(1, 7, &mut TableHandles::new(other_table()), &Isometry3::identity(), &[2, 0]);
        // a list with two tables of its own, appended after one
        let mut c = DeviceEvents::default();
        c.push_run(2, 1, &mut TableHandles::new(other_table()), &quarter_turn(), &[1]);
        c.push_run(2, 1, &mut TableHandles::new(table()), &quarter_turn(), &[0, 2]);
        let expected: Vec<String> = [&a, &b, &c].into_iter().flat_map(summary).collect();
        assert_eq!(expected.len(), 11);
        a.append(&mut b);
        a.append(&mut c);
        assert_eq!(summary(&a), expected);
        assert_eq!((a.items(), a.table_count()), (11, 4));
        // on the wire, runs stay runs (packets with their origins, the receiver's pose), read to the bit
        let wire = postcard::to_allocvec(&a).unwrap();
        let back: DeviceEvents = postcard::from_bytes(&wire).unwrap();
        assert_eq!((back.runs.len(), back.table_count(), back.heard.len()), (5, 1, 9));
        assert_eq!(summary(&back), expected);
        assert_eq!(back, a);
        let json: DeviceEvents = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(json, a);
    }

    #[test]
    fn a_list_cleared_retiring_hands_its_tables_over_and_reads_empty() {
        let t = table();
        let mut handles = TableHandles::new(t.clone());
        let mut lists = vec![DeviceEvents::default(); 3];
        for list in &mut lists {
            list.push_run(1, 0, &mut handles, &quarter_turn(), &[0, 2]);
            list.push_compass_values(2, [1.0, 0.0, 0.0]);
        }
        drop(handles);
        assert_eq!(Arc::strong_count(&t), 4);
        let mut retired = Vec::new();
        for list in &mut lists {
            list.clear_retiring(&mut retired);
            assert!(list.is_empty() && list.items() == 0 && list.iter().next().is_none());
        }
        assert_eq!(Arc::strong_count(&t), 4, "the retired handles still hold the table");
        assert!(retired.iter().all(|r| Arc::ptr_eq(r, &t)) && retired.len() == 3);
        retired.clear();
        assert_eq!(Arc::strong_count(&t), 1);
        // a list emptied so is filled again as a new one
        lists[0].push_run(1, 0, &mut TableHandles::new(t.clone()), &quarter_turn(), &[1]);
        assert_eq!(packets(&lists[0]).len(), 1);
    }

    #[test]
    fn events_are_plain_values() {
        assert!(!std::mem::needs_drop::<DeviceEvent>());
        assert!(std::mem::size_of::<DeviceEvent>() <= 64, "{}", std::mem::size_of::<DeviceEvent>());
    }

    #[test]
    fn appending_keeps_the_order_and_what_each_event_refers_to() {
        let locked = DeviceSetup::Connector(ConnectorSetup { is_locked: true });
        let unlocked = DeviceSetup::Connector(ConnectorSetup { is_locked: false });
        let mut a = DeviceEvents::default();
        a.push_packet(1, 3, [1.0, 0.0, 0.0], 0.5, &bytes(40, 1));
        a.push_config(2, locked.clone());
        a.push_compass_values(4, [0.0, 1.0, 0.0]);
        let mut b = DeviceEvents::default();
        b.push_packet(1, 3, [0.0, 1.0, 0.0], 0.25, &bytes(5, 9));
        b.push_packet(1, 3, [0.0, 0.0, 1.0], 0.125, &bytes(100, 7));
        b.push_config(2, unlocked.clone());
        b.push_connector_presence(2, 1);
        let expected: Vec<String> = summary(&a).into_iter().chain(summary(&b)).collect();
        a.append(&mut b);
        assert!(b.is_empty());
        assert_eq!(summary(&a), expected);
        assert_eq!(a.len(), 7);
        // appended to an empty list: the events simply move
        let mut empty = DeviceEvents::default();
        empty.append(&mut a);
        assert_eq!(summary(&empty), expected);
        assert!(a.is_empty() && a.iter().next().is_none());
    }

    #[test]
    fn retain_and_in_place_changes_keep_references_right() {
        let mut list = DeviceEvents::default();
        for i in 0..6 {
            list.push_packet(1, 0, [1.0, 0.0, 0.0], 1.0, &bytes(if i % 2 == 0 { 30 } else { 3 }, i));
        }
        list.retain(|i, _| i % 3 != 0);
        for ev in list.events_mut() {
            if let Event::ReceiverPacket(p) = &mut ev.event {
                p.channel = 8;
            }
        }
        let seen: Vec<(i32, Vec<u8>)> = list
            .iter()
            .map(|(_, ev)| match ev {
                EventRef::Packet(p) => (p.channel, p.data.to_vec()),
                other => panic!("{other:?}"),
            })
            .collect();
        let want: Vec<(i32, Vec<u8>)> =
            [1u8, 2, 4, 5].iter().map(|&i| (8, bytes(if i % 2 == 0 { 30 } else { 3 }, i).to_vec())).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn a_list_crosses_the_wire_whole_and_a_dangling_reference_is_skipped() {
        let mut list = DeviceEvents::default();
        list.push_packet(1, 2, [0.0, 1.0, 0.0], 4.0, &bytes(300, 3));
        list.push_packet(1, 2, [0.0, 1.0, 0.0], 4.0, &bytes(2, 3));
        list.push_config(3, DeviceSetup::Connector(ConnectorSetup { is_locked: true }));
        let wire = postcard::to_allocvec(&list).unwrap();
        let back: DeviceEvents = postcard::from_bytes(&wire).unwrap();
        assert_eq!(summary(&back), summary(&list));
        let mut broken = back.clone();
        let rare = broken.rare_mut();
        rare.shared.clear();
        rare.configs.clear();
        assert_eq!(broken.iter().count(), 1, "only the inline packet is left to read");
    }
}
