//! The device events of an answer, in the order they happened. The events themselves are plain values:
//! what owns memory (payloads too long to sit inline, new field values) waits in side tables that the
//! events refer to by index. A swarm step hands out a hundred thousand packets, and a list of them is
//! emptied, appended and dropped without visiting each one.

use serde::{Deserialize, Serialize};

use super::imagers::DeviceData;
use super::messages::{DeviceEvent, DeviceSetup, Event, ReceivedPacket};
use super::payload::{PacketBytes, Payload};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeviceEvents {
    events: Vec<DeviceEvent>,
    /// Payloads of `PacketBytes::Shared` events.
    shared: Vec<Payload>,
    /// New field values of `Event::Config` events.
    configs: Vec<DeviceSetup>,
    /// Values of `Event::LongSample` events.
    long_samples: Vec<Vec<f64>>,
    /// Images and range images of `Event::Data` events.
    data: Vec<DeviceData>,
}

/// An event with what it refers to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventRef<'a> {
    Packet(&'a ReceivedPacket, &'a [u8]),
    Config(&'a DeviceSetup),
    CompassValues([f64; 3]),
    ConnectorPresence(i32),
    /// A sensor's sample (the first values a short sample carries are meaningful).
    Sample(&'a [f64]),
    Data(&'a DeviceData),
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

    /// Forgets every event, keeping the memory.
    pub fn clear(&mut self) {
        self.events.clear();
        self.shared.clear();
        self.configs.clear();
        self.long_samples.clear();
        self.data.clear();
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
                self.shared.push(data.clone());
                PacketBytes::Shared((self.shared.len() - 1) as u32)
            }
        };
        let packet = ReceivedPacket { channel, direction, signal, data };
        self.events.push(DeviceEvent { tag, event: Event::ReceiverPacket(packet) });
    }

    /// New field values for device `tag`.
    pub fn push_config(&mut self, tag: u16, setup: DeviceSetup) {
        self.configs.push(setup);
        self.events.push(DeviceEvent { tag, event: Event::Config((self.configs.len() - 1) as u32) });
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
            self.long_samples.push(values.to_vec());
            Event::LongSample((self.long_samples.len() - 1) as u32)
        };
        self.events.push(DeviceEvent { tag, event });
    }

    /// An image or range image for device `tag`.
    pub fn push_data(&mut self, tag: u16, data: DeviceData) {
        self.data.push(data);
        self.events.push(DeviceEvent { tag, event: Event::Data((self.data.len() - 1) as u32) });
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
        let (shared, configs, long, data) = (
            self.shared.len() as u32,
            self.configs.len() as u32,
            self.long_samples.len() as u32,
            self.data.len() as u32,
        );
        let start = self.events.len();
        self.events.append(&mut other.events);
        if !other.shared.is_empty()
            || !other.configs.is_empty()
            || !other.long_samples.is_empty()
            || !other.data.is_empty()
        {
            for ev in &mut self.events[start..] {
                match &mut ev.event {
                    Event::ReceiverPacket(ReceivedPacket { data: PacketBytes::Shared(i), .. }) => *i += shared,
                    Event::Config(i) => *i += configs,
                    Event::LongSample(i) => *i += long,
                    Event::Data(i) => *i += data,
                    _ => {}
                }
            }
        }
        self.shared.append(&mut other.shared);
        self.configs.append(&mut other.configs);
        self.long_samples.append(&mut other.long_samples);
        self.data.append(&mut other.data);
    }

    /// The events with what they refer to, in order (an event whose reference is missing is skipped).
    pub fn iter(&self) -> impl Iterator<Item = (u16, EventRef<'_>)> + '_ {
        self.events.iter().filter_map(|ev| {
            let event = match &ev.event {
                Event::ReceiverPacket(p) => EventRef::Packet(p, self.packet_bytes(&p.data)?),
                Event::Config(i) => EventRef::Config(self.configs.get(*i as usize)?),
                Event::CompassValues(v) => EventRef::CompassValues(*v),
                Event::ConnectorPresence(p) => EventRef::ConnectorPresence(*p),
                Event::Sample(v) => EventRef::Sample(v),
                Event::LongSample(i) => EventRef::Sample(self.long_samples.get(*i as usize)?),
                Event::Data(i) => EventRef::Data(self.data.get(*i as usize)?),
            };
            Some((ev.tag, event))
        })
    }

    fn packet_bytes<'a>(&'a self, data: &'a PacketBytes) -> Option<&'a [u8]> {
        match data {
            PacketBytes::Short(bytes) => Some(bytes),
            PacketBytes::Shared(i) => self.shared.get(*i as usize).map(|p| &**p),
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
                EventRef::Packet(p, data) => format!("{tag} packet ch{} {data:?}", p.channel),
                EventRef::Config(setup) => format!("{tag} config {setup:?}"),
                EventRef::CompassValues(v) => format!("{tag} compass {v:?}"),
                EventRef::ConnectorPresence(p) => format!("{tag} presence {p}"),
                EventRef::Sample(v) => format!("{tag} sample {v:?}"),
                EventRef::Data(d) => format!("{tag} data {d:?}"),
            })
            .collect()
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
                EventRef::Packet(p, data) => (p.channel, data.to_vec()),
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
        broken.shared.clear();
        broken.configs.clear();
        assert_eq!(broken.iter().count(), 1, "only the inline packet is left to read");
    }
}
