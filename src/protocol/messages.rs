//! The step protocol's messages. Device-specific parts are enums with one variant per device type, so a
//! new device adds one variant to `DeviceSetup`, `Command` and `Event`.

use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::node_type::NodeTypeCode;
use super::supervisor::{NodeRefId, Query, QueryAnswer, SupervisorCommand};

/// First message of a controller: which robot it wants to drive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// `WEBOTS_ROBOT_NAME` (or the robot part of `WEBOTS_CONTROLLER_URL`); empty = "the only one".
    pub robot_name: String,
    /// Index of the robot in the world, when the runner launched this controller itself.
    pub robot_index: Option<u32>,
    pub pid: u32,
}

/// The world's answer to `Hello`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Welcome {
    Config(Box<RobotConfig>),
    Refused(String),
}

/// Everything a controller learns at start-up (Webots' configure message).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RobotConfig {
    pub name: String,
    pub model: String,
    pub custom_data: String,
    pub supervisor: bool,
    pub synchronization: bool,
    /// Milliseconds.
    pub basic_time_step: f64,
    pub project_path: String,
    pub world_path: String,
    pub controller_name: String,
    /// Simulated time at connection, in milliseconds.
    pub time_ms: f64,
    /// Tags 1..N in order.
    pub devices: Vec<DeviceConfig>,
    /// The robot's own node (`wb_supervisor_node_get_self`).
    pub node_id: NodeRefId,
    /// `WbSimulationMode` the run starts in.
    pub simulation_mode: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceConfig {
    pub node_type: NodeTypeCode,
    pub name: String,
    pub model: String,
    pub setup: DeviceSetup,
}

/// Per-device-type configuration (field values the controller side needs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeviceSetup {
    /// A device whose functions are not simulated yet: it has a tag, a name and a type.
    Plain,
    Emitter(EmitterSetup),
    Receiver(ReceiverSetup),
    Compass(CompassSetup),
    Connector(ConnectorSetup),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConnectorSetup {
    /// The latch (`isLocked`), which `wb_connector_is_locked` mirrors.
    pub is_locked: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompassSetup {
    /// Rows `[input, output, noise]` as written.
    pub lookup_table: Vec<[f64; 3]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EmitterSetup {
    /// Bytes; -1 = unlimited.
    pub buffer_size: i32,
    pub channel: i32,
    /// Bytes per millisecond (`baudRate / byteSize / 1000`); -1 = unlimited.
    pub byte_rate: f64,
    /// Metres; -1 = infinite.
    pub range: f64,
    pub max_range: f64,
    pub allowed_channels: Vec<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReceiverSetup {
    /// Bytes; -1 = unlimited.
    pub buffer_size: i32,
    pub channel: i32,
    pub allowed_channels: Vec<i32>,
}

/// What a controller sends at every step (and at flushes, with `duration_ms` = 0).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepRequest {
    pub duration_ms: u32,
    pub robot: Vec<RobotCommand>,
    pub devices: Vec<DeviceCommand>,
    /// The controller is leaving (`wb_robot_cleanup`): apply the commands, then forget it.
    pub exiting: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RobotCommand {
    SetCustomData(String),
    /// Battery sensor sampling period in ms (0 = disabled).
    BatterySampling(u32),
    Supervisor(SupervisorCommand),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceCommand {
    pub tag: u16,
    pub command: Command,
}

/// Device commands, one variant group per device type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// One packet, with the channel and range in force when it was sent.
    EmitterSend {
        channel: i32,
        range: f64,
        data: Vec<u8>,
    },
    /// Receiver sampling period in ms (0 = disabled).
    ReceiverSampling(u32),
    ReceiverChannel(i32),
    /// Compass sampling period in ms (0 = disabled).
    CompassSampling(u32),
    /// Connector presence sampling period in ms (0 = disabled).
    ConnectorSampling(u32),
    /// `wb_connector_lock` (true) or `wb_connector_unlock` (false): the last call before the step.
    ConnectorLock(bool),
}

/// The world's answer, sent once the requested duration has elapsed (at once for 0).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepAnswer {
    /// Simulated time in milliseconds.
    pub time_ms: f64,
    /// The run is over: `wb_robot_step` returns -1 and the next stepping call exits.
    pub quit: bool,
    pub robot: Vec<RobotEvent>,
    pub devices: Vec<DeviceEvent>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RobotEvent {
    BatteryValue(f64),
    /// A supervisor changed the `WbSimulationMode` (Webots tells every controller).
    SimulationMode(i32),
    /// A supervisor changed this robot's `supervisor` field.
    Supervisor(bool),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceEvent {
    pub tag: u16,
    pub event: Event,
}

/// Device events (samples, received packets, echoes), one variant group per device type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A packet delivered to a receiver; `channel` is the receiver's channel at delivery.
    ReceiverPacket(ReceivedPacket),
    /// The emitter's fields changed in the world (supervisor, reset): the controller takes the new values.
    EmitterConfig(EmitterSetup),
    /// The receiver's fields changed in the world; its queue is kept.
    ReceiverConfig(ReceiverSetup),
    /// A compass sample.
    CompassValues([f64; 3]),
    /// The compass's `lookupTable` changed.
    CompassConfig(CompassSetup),
    /// A presence sample: 1 peer present or linked, 0 none, -1 passive connector.
    ConnectorPresence(i32),
    /// The connector's latch changed in the world (lock, unlock, supervisor, reset).
    ConnectorConfig(ConnectorSetup),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReceivedPacket {
    pub channel: i32,
    /// Unit vector towards the emitter, in the receiver's frame.
    pub direction: [f64; 3],
    /// 1 / distance², with the receiver's noise.
    pub signal: f64,
    /// The packet's bytes.
    pub data: Payload,
}

/// A packet's bytes. Short ones travel inline, copied into each receiver's event (no shared count for
/// every copy to update, from any thread); longer ones are shared by every receiver of the same packet.
/// On the wire: the bytes, encoded as a plain byte sequence.
#[derive(Clone)]
pub struct Payload(PayloadRepr);

/// Longest payload carried inline: as long as the shared form's pointer.
const INLINE_BYTES: usize = 16;

/// Aligned so that C readers can take the bytes as doubles or 64-bit integers.
#[derive(Clone, Copy)]
#[repr(align(8))]
struct InlineBytes([u8; INLINE_BYTES]);

#[derive(Clone)]
enum PayloadRepr {
    Inline { len: u32, bytes: InlineBytes },
    Shared(Arc<[u8]>),
}

impl Deref for Payload {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.0 {
            PayloadRepr::Inline { len, bytes } => &bytes.0[..*len as usize],
            PayloadRepr::Shared(data) => data,
        }
    }
}

impl From<&[u8]> for Payload {
    fn from(data: &[u8]) -> Payload {
        if data.len() <= INLINE_BYTES {
            let mut bytes = InlineBytes([0; INLINE_BYTES]);
            bytes.0[..data.len()].copy_from_slice(data);
            Payload(PayloadRepr::Inline { len: data.len() as u32, bytes })
        } else {
            Payload(PayloadRepr::Shared(data.into()))
        }
    }
}

impl From<Vec<u8>> for Payload {
    fn from(data: Vec<u8>) -> Payload {
        Payload::from(data.as_slice())
    }
}

impl PartialEq for Payload {
    fn eq(&self, other: &Payload) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Payload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for Payload {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Payload {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Payload, D::Error> {
        Vec::<u8>::deserialize(deserializer).map(Payload::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_of_every_size_keep_their_bytes_and_encode_as_plain_bytes() {
        for len in [0, 1, 15, 16, 17, 300] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
            let payload = Payload::from(bytes.as_slice());
            assert_eq!(&*payload, bytes.as_slice());
            assert_eq!(payload, Payload::from(bytes.clone()));
            assert_eq!(&*payload.clone(), bytes.as_slice());
            // the same wire form as the bytes themselves (and as a shared slice)
            let encoded = postcard::to_allocvec(&payload).unwrap();
            assert_eq!(encoded, postcard::to_allocvec(&bytes).unwrap());
            assert_eq!(encoded, postcard::to_allocvec(&Arc::<[u8]>::from(bytes.as_slice())).unwrap());
            let back: Payload = postcard::from_bytes(&encoded).unwrap();
            assert_eq!(&*back, bytes.as_slice());
        }
    }

    #[test]
    fn short_payloads_are_inline_and_aligned_for_doubles() {
        let short = Payload::from(&[1u8; 16][..]);
        assert!(matches!(short.0, PayloadRepr::Inline { .. }));
        assert_eq!(short.as_ptr() as usize % 8, 0);
        let long = Payload::from(&[1u8; 17][..]);
        assert!(matches!(long.0, PayloadRepr::Shared(_)));
        assert_ne!(Payload::from(&[1u8, 2][..]), Payload::from(&[1u8, 3][..]));
        assert_ne!(Payload::from(&[1u8][..]), Payload::from(&[1u8, 0][..]));
    }
}

/// Everything a controller sends once configured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorld {
    Step(StepRequest),
    Query(Query),
}

/// Everything the world sends to a configured controller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorld {
    Step(StepAnswer),
    Query(QueryAnswer),
}
