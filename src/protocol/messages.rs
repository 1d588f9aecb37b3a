//! The step protocol's messages. Device-specific parts are enums with one variant per device type, so a
//! new device adds one variant to `DeviceSetup`, `Command` and `Event`.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::device_events::DeviceEvents;

use super::node_type::NodeTypeCode;
use super::payload::{PacketBytes, Payload};
use super::supervisor::{NodeRefId, Query, QueryAnswer, SupervisorCommand};

/// First message of a controller: which robot it wants to drive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// `WEBOTS_ROBOT_NAME` (or the robot part of `WEBOTS_CONTROLLER_URL`); empty = "the only one".
    pub robot_name: String,
    /// `WEBOTS_ROBOT_ID`: the robot's node id, when the runner launched this controller itself.
    pub robot_id: Option<i32>,
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
    /// Any sensor sampled through `Command::Sampling` and `Event::Sample`.
    Sensor(SensorSetup),
    Motor(MotorSetup),
    /// An LED's colours (the controller keeps what it set).
    Led,
    /// Cameras, range finders, lidars, displays and radios (imagers.rs).
    Imager(super::imagers::ImagerSetup),
}

/// A RotationalMotor's or LinearMotor's fields and targets, as the world holds them (Webots' configure
/// message): sent at start and whenever they change.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MotorSetup {
    /// `WbJointType`: 0 rotational, 1 linear.
    pub kind: i32,
    pub min_position: f64,
    pub max_position: f64,
    pub max_velocity: f64,
    /// -1: unlimited.
    pub acceleration: f64,
    /// `maxTorque` or `maxForce`.
    pub max_force: f64,
    pub pid: [f64; 3],
    /// The world's target position (multiplied and clamped; ±∞ in velocity control).
    pub target_position: f64,
    /// The world's target velocity (multiplied and clamped).
    pub target_velocity: f64,
    pub multiplier: f64,
    /// Tags of the Brake and PositionSensor on the same joint axis (0: none).
    pub brake: u16,
    pub position_sensor: u16,
    /// Coupled motors of the same robot (`name "x::y"`): their tags and multipliers.
    pub siblings: Vec<(u16, f64)>,
}

/// What a sampled sensor's controller side needs to know of its node.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SensorSetup {
    /// Rows `[input, output, noise]` of the lookup table as written (empty when the device has none).
    pub lookup_table: Vec<[f64; 3]>,
    /// The device's kind, as its `get_type`-like function returns it (GPS coordinate system, distance
    /// sensor type, touch sensor type, joint type...).
    pub kind: i32,
    /// Device-specific numbers (a distance sensor's aperture, an inertial unit's noise...).
    pub numbers: Vec<f64>,
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

/// A request's device commands: most requests carry one or two, kept inline so that neither building
/// nor decoding a request allocates.
pub type DeviceCommands = SmallVec<[DeviceCommand; 2]>;

/// What a controller sends at every step (and at flushes, with `duration_ms` = 0).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepRequest {
    pub duration_ms: u32,
    pub robot: Vec<RobotCommand>,
    pub devices: DeviceCommands,
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
        data: Payload,
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
    /// Any other sensor's sampling period in ms (0 = disabled).
    Sampling(u32),
    /// A motor's commands of a step, sent in this order whatever order they were called in (Webots').
    MotorPosition(f64),
    MotorVelocity(f64),
    MotorAvailableForce(f64),
    MotorForce(f64),
    /// Force or torque feedback sampling period in ms (0 = disabled).
    MotorFeedback(u32),
    MotorAcceleration(f64),
    MotorPid([f64; 3]),
    BrakeDamping(f64),
    LedSet(i32),
    /// The commands of cameras, lidars, pens, vacuum grippers and radios (imagers.rs).
    Imager(super::imagers::ImagerCommand),
}

/// The world's answer, sent once the requested duration has elapsed (at once for 0).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepAnswer {
    /// Simulated time in milliseconds.
    pub time_ms: f64,
    /// The run is over: `wb_robot_step` returns -1 and the next stepping call exits.
    pub quit: bool,
    pub robot: Vec<RobotEvent>,
    pub devices: DeviceEvents,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RobotEvent {
    BatteryValue(f64),
    /// A supervisor changed the `WbSimulationMode` (Webots tells every controller).
    SimulationMode(i32),
    /// A supervisor changed this robot's `supervisor` field.
    Supervisor(bool),
    /// Someone else (a supervisor, a reset) changed this robot's `customData` field.
    CustomData(String),
    /// The rest of the supervisor API and structural changes (scene.rs).
    Scene(super::scene::SceneEvent),
}

/// One event of a `DeviceEvents` list: a plain value, so that a list of many is dropped at no cost.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceEvent {
    pub tag: u16,
    pub event: Event,
}

/// Device events (samples, received packets, new field values), one variant group per device type.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A packet delivered to a receiver; `channel` is the receiver's channel at delivery.
    ReceiverPacket(ReceivedPacket),
    /// The device's fields changed in the world (supervisor, reset, a connector's latch): the new
    /// values are entry `i` of the list's configurations. The controller takes what changed; a
    /// receiver keeps its queue.
    Config(u32),
    /// A compass sample.
    CompassValues([f64; 3]),
    /// A presence sample: 1 peer present or linked, 0 none, -1 passive connector.
    ConnectorPresence(i32),
    /// A sensor's sample of up to four numbers (the device knows how many).
    Sample([f64; 4]),
    /// A longer sample: entry `i` of the list's side table of values.
    LongSample(u32),
    /// An image, a range image or recognized objects: entry `i` of the list's side table of data.
    Data(u32),
    /// Packets delivered to a receiver, measured when read: run `i` of the list (never on the wire).
    Packets(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReceivedPacket {
    pub channel: i32,
    /// Unit vector towards the emitter, in the receiver's frame.
    pub direction: [f64; 3],
    /// 1 / distance², with the receiver's noise.
    pub signal: f64,
    /// The packet's bytes (longer ones are in the list's side table).
    pub data: PacketBytes,
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
