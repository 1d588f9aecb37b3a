//! The rest of the supervisor's part of the protocol: changing the scene's structure (removal,
//! import), exports, node states, PROTO layers, tracking, labels, world files and controller restarts.
//! Each travels inside one variant of the core enums (`Query::Scene`, `QueryAnswer::Scene`,
//! `SupervisorCommand::Scene`, `RobotEvent::Scene`).

use serde::{Deserialize, Serialize};

use super::messages::DeviceConfig;
use super::supervisor::{FieldAddr, FieldData, FieldInfo, NodeRefId};

/// Immediate questions (answered at once, time does not pass).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SceneQuery {
    /// `wb_supervisor_node_export_string`.
    ExportString(NodeRefId),
    /// PROTO layer `layer` of a PROTO instance (0: its own PROTO, 1: the one it derives from...).
    Proto { node: NodeRefId, layer: u8 },
    /// A field of PROTO layer `layer`, by name or by index.
    ProtoField { node: NodeRefId, layer: u8, field: FieldKey },
    /// The field of the scene tree a read-only field takes its value from (`get_actual_field`).
    ActualField(FieldAddr),
    /// `wb_supervisor_world_save`: the scene written to `path` (an absolute path; `None`: the world
    /// file itself). Answered with whether it worked.
    SaveWorld(Option<String>),
    /// `wb_supervisor_export_image`: the Viewpoint's picture, `width` × `height`. Answered with an `Image`.
    ViewImage { width: u32, height: u32 },
    /// `wb_supervisor_movie_is_ready` / `_failed`: where the movie stands. Answered with a `Movie`.
    MovieStatus,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FieldKey {
    Name(String),
    Index(i32),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SceneAnswer {
    /// `None`: no such node.
    Text(Option<String>),
    Proto(Option<ProtoInfo>),
    Field(Option<FieldInfo>),
    Done(bool),
    /// RGB bytes, rows top to bottom.
    Image {
        width: u32,
        height: u32,
        rgb: Vec<u8>,
    },
    /// `WB_SUPERVISOR_MOVIE_*`, and why the last movie failed (when it did).
    Movie {
        status: i32,
        error: Option<String>,
    },
}

/// What `WbProtoRef` tells of one PROTO layer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProtoInfo {
    pub type_name: String,
    /// Whether this PROTO is itself built on another PROTO.
    pub is_derived: bool,
    pub field_count: i32,
}

/// Commands, sent with an immediate flush.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SceneCommand {
    /// `wb_supervisor_node_remove`.
    RemoveNode(NodeRefId),
    /// The node an SFNode field holds (`index` None) or item `index` of an MFNode field: removed.
    RemoveFieldNode {
        field: FieldAddr,
        index: Option<i32>,
    },
    /// Nodes parsed from `text` put into an SFNode field (`index` None, which must be empty) or at
    /// `index` of an MFNode field (resolved, 0..=count).
    Import {
        field: FieldAddr,
        index: Option<i32>,
        text: String,
    },
    SaveState {
        node: NodeRefId,
        name: String,
    },
    LoadState {
        node: NodeRefId,
        name: String,
    },
    /// `wb_supervisor_field_enable_sf_tracking` (period > 0) or `disable` (0).
    TrackField {
        field: FieldAddr,
        period_ms: u32,
    },
    /// `wb_supervisor_node_enable_pose_tracking` (period > 0) or `disable` (0).
    TrackPose {
        node: NodeRefId,
        from: Option<NodeRefId>,
        period_ms: u32,
    },
    SetLabel(Label),
    /// `wb_supervisor_world_load` (a path) or `wb_supervisor_world_reload` (`None`).
    LoadWorld(Option<String>),
    RestartController(NodeRefId),
    /// `wb_supervisor_animation_start_recording` (an absolute .html path) or `stop_recording` (`None`).
    AnimationRecording(Option<String>),
    /// `wb_supervisor_movie_start_recording`.
    MovieStart(MovieRequest),
    /// `wb_supervisor_movie_stop_recording`.
    MovieStop,
}

/// A movie as `wb_supervisor_movie_start_recording` asks for it (arguments already checked).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovieRequest {
    /// Absolute, ending in `.mp4`.
    pub path: String,
    pub width: u32,
    pub height: u32,
    /// 1..=100.
    pub quality: u32,
    /// >= 1.
    pub acceleration: u32,
    pub caption: bool,
}

/// A supervisor's label, as `wb_supervisor_set_label` gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Label {
    pub id: i32,
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    /// 0xRRGGBB.
    pub color: u32,
    pub transparency: f64,
    pub font: String,
}

/// What the world tells a controller with a step answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SceneEvent {
    /// These nodes left the scene: their references, and their fields', are no longer valid.
    NodesRemoved(Vec<NodeRefId>),
    /// This template PROTO instance was rebuilt: references to its internal fields (its base node's and
    /// its PROTO layers') are no longer valid; its interface fields stay.
    Regenerated(NodeRefId),
    /// Devices added to this robot by an import: tags follow the existing ones.
    NewDevices(Vec<DeviceConfig>),
    /// A tracked field's value at this step.
    FieldValue { field: FieldAddr, value: FieldData },
    /// A tracked pose (4x4 row-major) at this step.
    Pose { node: NodeRefId, from: Option<NodeRefId>, pose: [f64; 16] },
}
