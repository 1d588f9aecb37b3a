//! The world side of Emitter and Receiver nodes: their fields, read and validated from the scene as
//! Webots does at load time.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::protocol::{DeviceEvents, EmitterSetup, Payload, ReceiverSetup};
use crate::world::devices::sampling::Sampling;
use crate::world::scene::{NodeId, Scene};

/// Radio and serial are separate media that never reach each other; infra-red adds cones and
/// obstacles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Medium {
    Radio,
    Serial,
    InfraRed,
}

fn medium(scene: &Scene, node: NodeId, warnings: &mut Vec<String>) -> Medium {
    match scene.sf_string(node, "type").as_str() {
        "radio" => Medium::Radio,
        "serial" => Medium::Serial,
        "infra-red" => Medium::InfraRed,
        other => {
            warnings.push(format!("{}: Unknown 'type': \"{other}\".", scene.describe(node)));
            Medium::Radio
        }
    }
}

fn aperture(scene: &Scene, node: NodeId, warnings: &mut Vec<String>) -> f64 {
    let a = scene.sf_float(node, "aperture");
    if a != -1.0 && !(0.0..=std::f64::consts::TAU).contains(&a) {
        warnings.push(format!(
            "{}: Invalid 'aperture' changed to -1. The value should be in either -1 or in range [0, 6.28319].",
            scene.describe(node)
        ));
        return -1.0;
    }
    a
}

/// A channel outside a non-empty `allowedChannels` becomes its first entry.
fn channel(scene: &Scene, node: NodeId, allowed: &[i32], warnings: &mut Vec<String>) -> i32 {
    let c = scene.sf_int(node, "channel");
    match allowed.first() {
        Some(&first) if !allowed.contains(&c) => {
            warnings.push(format!(
                "{}: 'allowedChannels' does not contain current 'channel'. Setting 'channel' to {first}.",
                scene.describe(node)
            ));
            first
        }
        _ => c,
    }
}

/// The device's own stream of noise: seeded from the world's seed and the device's place in the
/// scene, so runs repeat exactly and devices do not share draws.
pub fn device_rng(world_seed: i32, node: NodeId) -> ChaCha8Rng {
    let seed = (u64::from(world_seed as u32) << 32) ^ (node as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ChaCha8Rng::seed_from_u64(seed)
}

#[derive(Clone, Debug)]
pub struct Packet {
    pub channel: i32,
    pub range: f64,
    pub data: Payload,
}

#[derive(Clone, Debug)]
pub struct EmitterNode {
    pub node: NodeId,
    /// The robot it belongs to (nearest Robot ancestor): never delivered to.
    pub robot_node: Option<NodeId>,
    pub medium: Medium,
    pub aperture: f64,
    pub max_range: f64,
    pub setup: EmitterSetup,
}

impl EmitterNode {
    pub fn from_scene(scene: &Scene, node: NodeId, warnings: &mut Vec<String>) -> EmitterNode {
        let allowed = scene.mf_int(node, "allowedChannels");
        let mut max_range = scene.sf_float(node, "maxRange");
        if max_range <= 0.0 && max_range != -1.0 {
            max_range = -1.0;
        }
        let baud_rate = scene.sf_float(node, "baudRate");
        let byte_size = scene.sf_int(node, "byteSize").max(8);
        EmitterNode {
            node,
            robot_node: scene.robot_of(node),
            medium: medium(scene, node, warnings),
            aperture: aperture(scene, node, warnings),
            max_range,
            setup: EmitterSetup {
                // Webots checks bufferSize and range only when they change, not at load
                buffer_size: scene.sf_int(node, "bufferSize"),
                channel: channel(scene, node, &allowed, warnings),
                byte_rate: if baud_rate < 0.0 { -1.0 } else { baud_rate / f64::from(byte_size) / 1000.0 },
                range: scene.sf_float(node, "range"),
                max_range,
                allowed_channels: allowed,
            },
        }
    }

    /// The range a packet carrying `range` reaches: a range of 0 (or another value Webots' field check
    /// rejects) becomes `maxRange`, i.e. infinite without one. Anything else is used as it is: the
    /// library already clips `set_range` to `maxRange`, and like Webots the world does not clip a range
    /// written above `maxRange` in the world file.
    pub fn effective_range(&self, range: f64) -> f64 {
        if range <= 0.0 {
            self.max_range
        } else {
            range
        }
    }
}

/// Where a waiting packet came from: enough to measure it again if anything moved before the sample.
#[derive(Clone, Copy, Debug)]
pub struct Origin {
    pub range: f64,
    /// Index of the emitter in the radio's list.
    pub emitter: u32,
}

#[derive(Clone, Debug)]
// in declaration order, the fields every step reads for every receiver first: a step walks thousands of
// receivers, and these then share one or two cache lines instead of being spread over the whole struct
#[repr(C, align(64))]
pub struct ReceiverNode {
    pub medium: Medium,
    /// The channel changed while packets were waiting: they take the new one at the sample.
    pub channel_changed: bool,
    pub channel: i32,
    pub sampling: Sampling,
    pub signal_noise: f64,
    pub direction_noise: f64,
    pub robot_node: Option<NodeId>,
    /// `waiting[measured_from..]` were measured at the radio's pose version `measured_at`, the packets
    /// before them at earlier versions.
    pub measured_at: u64,
    pub measured_from: usize,
    /// Packets accepted since the last sample, already in the form the controller receives them.
    pub waiting: DeviceEvents,
    pub node: NodeId,
    pub aperture: f64,
    pub setup: ReceiverSetup,
    /// Where each waiting packet came from, kept only for packets that wait past the step they came
    /// in (a receiver sampling every step never needs them).
    pub origins: Vec<Origin>,
    /// Boxed: the generator is large and only noisy receivers touch it.
    pub rng: Box<ChaCha8Rng>,
    /// While a replay is recorded: the emitters of the packets heard since the recorder last looked.
    pub heard: Vec<u32>,
}

impl ReceiverNode {
    pub fn from_scene(scene: &Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> ReceiverNode {
        let allowed = scene.mf_int(node, "allowedChannels");
        let mut buffer_size = scene.sf_int(node, "bufferSize");
        if buffer_size <= 0 && buffer_size != -1 {
            buffer_size = -1;
        }
        let channel = channel(scene, node, &allowed, warnings);
        ReceiverNode {
            node,
            robot_node: scene.robot_of(node),
            medium: medium(scene, node, warnings),
            aperture: aperture(scene, node, warnings),
            channel,
            channel_changed: false,
            signal_noise: scene.sf_float(node, "signalStrengthNoise").max(0.0),
            direction_noise: scene.sf_float(node, "directionNoise").max(0.0),
            setup: ReceiverSetup { buffer_size, channel, allowed_channels: allowed },
            sampling: Sampling::default(),
            waiting: DeviceEvents::default(),
            origins: Vec::new(),
            measured_at: 0,
            measured_from: 0,
            rng: Box::new(device_rng(seed, node)),
            heard: Vec::new(),
        }
    }

    /// How many of the waiting packets (from the front) were measured before pose version `version`.
    pub fn measured_before(&self, version: u64) -> usize {
        if self.measured_at == version {
            self.measured_from
        } else {
            self.waiting.len()
        }
    }

    /// Forgets the waiting packets.
    pub fn clear_waiting(&mut self) {
        self.waiting.clear();
        self.origins.clear();
        self.measured_from = 0;
    }

    pub fn hears(&self, packet_channel: i32) -> bool {
        hears(self.channel, packet_channel)
    }

    /// Whether it measures without noise.
    pub fn is_exact(&self) -> bool {
        self.direction_noise <= 0.0 && self.signal_noise <= 0.0
    }
}

/// Whether a receiver on `channel` hears a packet sent on `packet_channel` (-1: every channel).
#[inline(always)]
pub fn hears(channel: i32, packet_channel: i32) -> bool {
    packet_channel == channel || packet_channel == -1 || channel == -1
}
