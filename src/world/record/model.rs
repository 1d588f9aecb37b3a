//! What a replay page reads: the serde form of a recorded run. Positions are whole numbers of
//! `POSITION_UNIT` metres and quaternion components whole numbers of `1 / QUATERNION_SCALE`, so that a
//! long run of many robots stays small as JSON; lists of numbers are flat (`POSE_WIDTH` numbers a pose).

use serde::Serialize;

/// Metres per unit of a recorded position (0.1 mm).
pub const POSITION_UNIT: f64 = 1e-4;
/// A quaternion component `q` is recorded as `round(q * QUATERNION_SCALE)`.
pub const QUATERNION_SCALE: f64 = 1e4;
/// Numbers per pose in `Frame::poses`: solid, x, y, z, qx, qy, qz, qw.
pub const POSE_WIDTH: usize = 8;
/// Numbers per packet in `Frame::packets`: step, from x y z, to x y z, emitting robot, receiving robot
/// (-1: none), infra-red (1) or radio (0).
pub const PACKET_WIDTH: usize = 10;

#[derive(Clone, Debug, Default, Serialize)]
pub struct Replay {
    pub version: u32,
    /// The world file's name.
    pub world: String,
    /// The world's up axis (`WorldInfo.coordinateSystem`).
    pub up: [f64; 3],
    pub step_ms: f64,
    /// A frame every `frame_steps` basic steps.
    pub frame_steps: u64,
    /// The sampling rule, in words (shown on the page).
    pub rule: String,
    /// How the run ended, when the runner says it (a failure, a timeout, an interrupt).
    pub end: String,
    pub solids: Vec<SolidInfo>,
    pub robots: Vec<RobotInfo>,
    pub frames: Vec<Frame>,
    pub console: Vec<ConsoleLine>,
    pub plots: Vec<Plot>,
    /// What was left out to keep the file small (packets, contacts, console lines over their limits).
    pub dropped: Dropped,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct SolidInfo {
    pub name: String,
    /// The robot this Solid is (not a part of): its index in `robots`.
    pub robot: Option<usize>,
    pub shapes: Vec<ShapeInfo>,
}

/// A visual shape in its Solid's frame: its colour and the points whose hull outlines it (a sphere:
/// its centre and radius).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ShapeInfo {
    pub color: String,
    /// x, y, z triples in position units.
    pub points: Vec<i32>,
    /// A sphere's radius in position units (its centre is `points`).
    pub radius: Option<i32>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RobotInfo {
    pub name: String,
    /// Its Solid in `Replay::solids`.
    pub solid: usize,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Frame {
    /// Basic steps done at the frame (0: the loaded world).
    pub step: u64,
    /// Simulated time in seconds.
    pub t: f64,
    /// Poses of the Solids that moved since their last recorded pose (every Solid in the first frame).
    pub poses: Vec<i32>,
    /// Packets heard since the previous frame, one line per emitter and receiver.
    pub packets: Vec<i32>,
    /// Locked connector links at the frame: from x y z, to x y z.
    pub links: Vec<i32>,
    /// Contact points at the frame: x y z.
    pub contacts: Vec<i32>,
    /// Distance sensors' rays at the frame (`--record-rays`): from x y z, to x y z.
    pub rays: Vec<i32>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct ConsoleLine {
    pub robot: usize,
    /// Simulated time (s) of the step the line belongs to.
    pub t: f64,
    /// Printed on stderr (or a message of the runner about the robot).
    pub err: bool,
    pub text: String,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Plot {
    /// `robot/device:quantity`.
    pub label: String,
    /// One value per frame (`None` before the first sample).
    pub values: Vec<Option<f32>>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Dropped {
    /// Frames that heard more packets than they have lines for.
    pub packet_frames: u64,
    pub contacts: u64,
    pub rays: u64,
    pub console_lines: u64,
}

/// A length in position units.
pub fn units(metres: f64) -> i32 {
    let u = (metres / POSITION_UNIT).round();
    if u.is_finite() {
        u.clamp(i32::MIN as f64, i32::MAX as f64) as i32
    } else {
        0
    }
}
