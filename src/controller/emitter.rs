//! Controller-side Emitter: the send queue with its buffer accounting and baud-rate credit, and the
//! channel and range that packets carry.

use std::collections::VecDeque;

use crate::protocol::{Command, DeviceCommand, DeviceCommands, EmitterSetup, Payload};

#[derive(Debug)]
struct Packet {
    channel: i32,
    range: f64,
    data: Payload,
}

#[derive(Debug)]
pub struct EmitterState {
    pub channel: i32,
    pub range: f64,
    pub max_range: f64,
    pub buffer_size: i32,
    pub allowed_channels: Vec<i32>,
    byte_rate: f64,
    /// The fields as the world last described them: a new description changes only what differs.
    world: EmitterSetup,
    /// Bytes the baud rate lets out; reset when a packet enters an empty queue.
    credit: f64,
    queue: VecDeque<Packet>,
    /// Payload bytes queued and not yet written into a request.
    buffer_used: usize,
}

/// Why `set_channel` refused a value.
#[derive(Debug, PartialEq)]
pub enum ChannelError {
    BelowBroadcast,
    NotAllowed,
}

/// Checks a channel against the broadcast floor and `allowedChannels` (both Emitter and Receiver).
pub fn check_channel(channel: i32, allowed: &[i32]) -> Result<(), ChannelError> {
    if channel < -1 {
        Err(ChannelError::BelowBroadcast)
    } else if !allowed.is_empty() && !allowed.contains(&channel) {
        Err(ChannelError::NotAllowed)
    } else {
        Ok(())
    }
}

/// Webots' buffer rule, the same on both sides: `size` more bytes fit when the buffer is unlimited (-1)
/// or they fit in what `used` leaves (an exact fit is accepted).
pub fn fits_buffer(buffer_size: i32, used: usize, size: usize) -> bool {
    buffer_size == -1 || size as i64 <= i64::from(buffer_size) - used as i64
}

impl EmitterState {
    pub fn new(setup: &EmitterSetup) -> EmitterState {
        EmitterState {
            world: setup.clone(),
            channel: setup.channel,
            range: setup.range,
            max_range: setup.max_range,
            buffer_size: setup.buffer_size,
            allowed_channels: setup.allowed_channels.clone(),
            byte_rate: setup.byte_rate,
            credit: 0.0,
            queue: VecDeque::new(),
            buffer_used: 0,
        }
    }

    /// Queues a packet with the current channel and range; false when the buffer cannot take it.
    pub fn send(&mut self, data: &[u8]) -> bool {
        if !fits_buffer(self.buffer_size, self.buffer_used, data.len()) {
            return false;
        }
        if self.queue.is_empty() {
            self.credit = 0.0;
        }
        self.buffer_used += data.len();
        self.queue.push_back(Packet { channel: self.channel, range: self.range, data: data.into() });
        true
    }

    pub fn set_channel(&mut self, channel: i32) -> Result<(), ChannelError> {
        check_channel(channel, &self.allowed_channels)?;
        self.channel = channel;
        Ok(())
    }

    /// `range` -1 means `maxRange`; values above a finite `maxRange` are clipped to it. Negative values
    /// other than -1 are the caller's error.
    pub fn set_range(&mut self, range: f64) {
        self.range = if range == -1.0 {
            self.max_range
        } else if self.max_range == -1.0 {
            range
        } else {
            range.min(self.max_range)
        };
    }

    /// Writes the packets the baud rate lets out during a step of `duration_ms`.
    pub fn write_request(&mut self, tag: u16, duration_ms: u32, out: &mut DeviceCommands) {
        if self.queue.is_empty() {
            return;
        }
        let unlimited = self.byte_rate < 0.0;
        if !unlimited {
            self.credit += self.byte_rate * f64::from(duration_ms);
        }
        while let Some(head) = self.queue.front() {
            if !unlimited && head.data.len() as f64 > self.credit {
                break;
            }
            let Some(p) = self.queue.pop_front() else { break };
            if !unlimited {
                self.credit -= p.data.len() as f64;
            }
            self.buffer_used -= p.data.len();
            out.push(DeviceCommand {
                tag,
                command: Command::EmitterSend { channel: p.channel, range: p.range, data: p.data },
            });
        }
    }
}

impl EmitterState {
    /// The emitter's fields changed in the world (supervisor, reset): take the values that changed,
    /// keeping the controller's own settings of the others.
    pub fn apply_config(&mut self, new: &EmitterSetup) {
        let old = std::mem::replace(&mut self.world, new.clone());
        if new.channel != old.channel {
            self.channel = new.channel;
        }
        if new.range != old.range {
            self.range = new.range;
        }
        if new.max_range != old.max_range {
            self.max_range = new.max_range;
        }
        if new.buffer_size != old.buffer_size {
            self.buffer_size = new.buffer_size;
        }
        if new.allowed_channels != old.allowed_channels {
            self.allowed_channels.clone_from(&new.allowed_channels);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emitter(buffer_size: i32, byte_rate: f64) -> EmitterState {
        EmitterState::new(&EmitterSetup {
            buffer_size,
            channel: 0,
            byte_rate,
            range: -1.0,
            max_range: -1.0,
            allowed_channels: vec![],
        })
    }

    fn sent(e: &mut EmitterState, duration: u32) -> Vec<usize> {
        let mut out = DeviceCommands::new();
        e.write_request(1, duration, &mut out);
        out.iter()
            .map(|c| match &c.command {
                Command::EmitterSend { data, .. } => data.len(),
                other => panic!("unexpected {other:?}"),
            })
            .collect()
    }

    #[test]
    fn buffer_accepts_an_exact_fit_and_refuses_more() {
        let mut e = emitter(10, -1.0);
        assert!(e.send(&[0; 6]));
        assert!(e.send(&[0; 4]));
        assert!(!e.send(&[0; 1]));
        assert_eq!(sent(&mut e, 32), vec![6, 4]);
        assert!(e.send(&[0; 10]));
    }

    #[test]
    fn buffer_size_zero_refuses_everything() {
        let mut e = emitter(0, -1.0);
        assert!(!e.send(&[0; 1]));
    }

    #[test]
    fn baud_rate_lets_whole_packets_out_as_credit_builds() {
        // 800 baud, 8-bit bytes: 0.1 byte/ms, 3.2 bytes per 32 ms step
        let mut e = emitter(-1, 0.1);
        assert!(e.send(&[0; 7]));
        assert!(sent(&mut e, 32).is_empty());
        assert!(sent(&mut e, 32).is_empty());
        assert_eq!(sent(&mut e, 32), vec![7]);
        // 2.6 bytes of credit left; a new packet into the empty queue resets it
        assert!(e.send(&[0; 3]));
        assert!(sent(&mut e, 0).is_empty());
        assert_eq!(sent(&mut e, 32), vec![3]);
    }

    #[test]
    fn baud_rate_zero_sends_nothing_ever() {
        let mut e = emitter(-1, 0.0);
        assert!(e.send(&[0; 1]));
        for _ in 0..100 {
            assert!(sent(&mut e, 32).is_empty());
        }
    }

    #[test]
    fn packets_carry_the_channel_and_range_in_force_when_sent() {
        let mut e = emitter(-1, -1.0);
        e.max_range = 2.0;
        e.set_channel(2).unwrap();
        e.set_range(2.5);
        assert_eq!(e.range, 2.0);
        e.send(b"a");
        e.set_channel(1).unwrap();
        e.set_range(0.7);
        e.send(b"b");
        e.set_range(-1.0);
        assert_eq!(e.range, 2.0);
        let mut out = DeviceCommands::new();
        e.write_request(3, 32, &mut out);
        let got: Vec<(i32, f64)> = out
            .iter()
            .map(|c| match &c.command {
                Command::EmitterSend { channel, range, .. } => (*channel, *range),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(got, vec![(2, 2.0), (1, 0.7)]);
    }

    #[test]
    fn channel_checks() {
        assert_eq!(check_channel(-2, &[]), Err(ChannelError::BelowBroadcast));
        assert_eq!(check_channel(-1, &[]), Ok(()));
        assert_eq!(check_channel(-1, &[1, 2]), Err(ChannelError::NotAllowed));
        assert_eq!(check_channel(2, &[1, 2]), Ok(()));
    }
}
