//! Controller-side Receiver: the queue of delivered packets with its buffer accounting, the sampling
//! period and the channel.

use std::collections::VecDeque;

use super::emitter::{check_channel, fits_buffer, ChannelError};
use crate::protocol::{Command, DeviceCommand, DeviceCommands, Measure, PacketRef, Payload, ReceiverSetup};

/// A packet in the receiver's queue, as the C functions read it.
#[derive(Debug)]
pub struct QueuedPacket {
    pub channel: i32,
    pub data: Payload,
    /// Signal strength and direction, computed at the first read when the world left them to compute.
    measure: Measure,
}

impl QueuedPacket {
    /// (direction, signal strength), as they were when the packet was delivered.
    pub fn measured(&mut self) -> (&[f64; 3], f64) {
        if let Measure::Lazy { .. } = self.measure {
            let (direction, signal) = self.measure.values();
            self.measure = Measure::Known { direction, signal };
        }
        match &self.measure {
            Measure::Known { direction, signal } => (direction, *signal),
            Measure::Lazy { .. } => unreachable!("measured above"),
        }
    }
}

#[derive(Debug)]
pub struct ReceiverState {
    pub sampling_period: i32,
    pub channel: i32,
    pub buffer_size: i32,
    pub allowed_channels: Vec<i32>,
    /// Boxed so the data and direction pointers handed to C stay valid until `next_packet`.
    queue: VecDeque<Box<QueuedPacket>>,
    /// Payload bytes held in the queue.
    buffer_used: usize,
    period_changed: bool,
    channel_changed: bool,
    /// The fields as the world last described them.
    world: ReceiverSetup,
}

impl ReceiverState {
    pub fn new(setup: &ReceiverSetup) -> ReceiverState {
        ReceiverState {
            sampling_period: 0,
            channel: setup.channel,
            buffer_size: setup.buffer_size,
            allowed_channels: setup.allowed_channels.clone(),
            queue: VecDeque::new(),
            buffer_used: 0,
            period_changed: false,
            channel_changed: false,
            world: setup.clone(),
        }
    }

    /// The receiver's fields changed in the world: take what changed; the queue stays.
    pub fn apply_config(&mut self, new: &ReceiverSetup) {
        let old = std::mem::replace(&mut self.world, new.clone());
        if new.channel != old.channel {
            self.channel = new.channel;
        }
        if new.buffer_size != old.buffer_size {
            self.buffer_size = new.buffer_size;
        }
        if new.allowed_channels != old.allowed_channels {
            self.allowed_channels.clone_from(&new.allowed_channels);
        }
    }

    pub fn enable(&mut self, period: i32) {
        self.sampling_period = period;
        self.period_changed = true;
    }

    /// Setting the current channel again is a no-op (no allowed-channel check), as in Webots.
    pub fn set_channel(&mut self, channel: i32) -> Result<(), ChannelError> {
        if channel == self.channel {
            return Ok(());
        }
        check_channel(channel, &self.allowed_channels)?;
        self.channel = channel;
        self.channel_changed = true;
        Ok(())
    }

    pub fn queue_length(&self) -> usize {
        self.queue.len()
    }

    pub fn head(&mut self) -> Option<&mut QueuedPacket> {
        self.queue.front_mut().map(|p| &mut **p)
    }

    pub fn next_packet(&mut self) {
        if let Some(p) = self.queue.pop_front() {
            self.buffer_used -= p.data.len();
        }
    }

    pub fn write_request(&mut self, tag: u16, out: &mut DeviceCommands) {
        if std::mem::take(&mut self.period_changed) {
            out.push(DeviceCommand { tag, command: Command::ReceiverSampling(self.sampling_period.max(0) as u32) });
        }
        if std::mem::take(&mut self.channel_changed) {
            out.push(DeviceCommand { tag, command: Command::ReceiverChannel(self.channel) });
        }
    }

    /// A delivered packet: kept if the buffer has room for it, else dropped (older packets stay).
    pub fn receive(&mut self, packet: &PacketRef<'_>) {
        self.channel = packet.channel;
        if fits_buffer(self.buffer_size, self.buffer_used, packet.data.len()) {
            self.buffer_used += packet.data.len();
            let PacketRef { channel, data, measure } = *packet;
            self.queue.push_back(Box::new(QueuedPacket { channel, data: data.into(), measure }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn receive(r: &mut ReceiverState, len: usize) {
        let mut list = crate::protocol::DeviceEvents::default();
        list.push_packet(1, 4, [1.0, 0.0, 0.0], 1.0, &vec![7; len].into());
        for (_, ev) in list.iter() {
            if let crate::protocol::EventRef::Packet(p) = ev {
                r.receive(&p);
            }
        }
    }

    /// A packet the world left to measure gets its values at the first read, from the poses it carries
    /// (those at delivery), and keeps them.
    #[test]
    fn a_packet_left_to_measure_is_measured_at_its_first_read() {
        use nalgebra::{Isometry3, Point3, Vector3};
        let mut r = ReceiverState::new(&ReceiverSetup { buffer_size: -1, channel: 4, allowed_channels: vec![] });
        // a receiver at (1, 0, 0) turned a quarter turn about z; the emitter 2 m along the world's +y
        let receiver = Isometry3::new(Vector3::new(1.0, 0.0, 0.0), Vector3::z() * std::f64::consts::FRAC_PI_2);
        let measure = Measure::Lazy { from: Point3::new(1.0, 2.0, 0.0), receiver };
        r.receive(&PacketRef { channel: 4, data: &[1, 2], measure });
        let p = r.head().unwrap();
        let (direction, signal) = p.measured();
        let (direction, pointer) = (*direction, direction.as_ptr());
        assert!((direction[0] - 1.0).abs() < 1e-12 && direction[1].abs() < 1e-12 && direction[2].abs() < 1e-12);
        assert!((signal - 0.25).abs() < 1e-12, "{signal}");
        let (again, again_signal) = p.measured();
        assert_eq!((*again, again_signal, again.as_ptr()), (direction, signal, pointer));
    }

    #[test]
    fn a_full_buffer_drops_the_new_packet_and_keeps_the_old_ones() {
        let mut r = ReceiverState::new(&ReceiverSetup { buffer_size: 120, channel: 4, allowed_channels: vec![] });
        receive(&mut r, 7);
        receive(&mut r, 29);
        receive(&mut r, 116);
        assert_eq!(r.queue_length(), 2);
        assert_eq!(r.head().unwrap().data.len(), 7);
        r.next_packet();
        r.next_packet();
        r.next_packet(); // harmless on an empty queue
        receive(&mut r, 116);
        assert_eq!(r.queue_length(), 1);
    }

    #[test]
    fn channel_and_period_changes_are_sent_once() {
        let mut r = ReceiverState::new(&ReceiverSetup { buffer_size: -1, channel: 1, allowed_channels: vec![1, 3] });
        assert_eq!(r.set_channel(2), Err(ChannelError::NotAllowed));
        assert_eq!(r.set_channel(1), Ok(()));
        r.set_channel(3).unwrap();
        r.enable(64);
        let mut out = DeviceCommands::new();
        r.write_request(5, &mut out);
        assert_eq!(out.len(), 2);
        out.clear();
        r.write_request(5, &mut out);
        assert!(out.is_empty());
    }
}
