//! The supervisor's part of the protocol: immediate queries about the scene (answered at once, time
//! does not pass) and the commands a supervisor queues for its next step.

use serde::{Deserialize, Serialize};

/// A node as the supervisor API names it: Webots-style ids, 0 = the scene root.
pub type NodeRefId = i32;

/// What a supervisor asks the world, answered at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Query {
    /// `get_from_def` (dotted paths), searched below `within` (a PROTO instance's body) when given.
    NodeFromDef {
        def: String,
        within: Option<NodeRefId>,
    },
    NodeFromId(NodeRefId),
    /// The node of one of the asking robot's devices (tag 0 = the robot).
    NodeFromDevice(u16),
    /// `get_field` / `get_base_node_field` by name.
    FieldByName {
        node: NodeRefId,
        name: String,
        base: bool,
    },
    FieldByIndex {
        node: NodeRefId,
        index: i32,
        base: bool,
    },
    /// The current value of an SF field, or of element `index` of an MF field.
    FieldValue {
        field: FieldAddr,
        index: Option<i32>,
    },
    /// The current number of elements of an MF field.
    FieldCount(FieldAddr),
    /// The node's 4x4 frame (row-major) relative to `from` (the world when `None`).
    Pose {
        node: NodeRefId,
        from: Option<NodeRefId>,
    },
    /// A Solid's `[vx vy vz ωx ωy ωz]` (world frame).
    Velocity(NodeRefId),
    /// The centre of mass of a Solid and the Solids below it (world frame).
    CenterOfMass(NodeRefId),
    /// The contact points of the last physics step on a Solid (and, with `descendants`, on the Solids
    /// below it).
    ContactPoints {
        node: NodeRefId,
        descendants: bool,
    },
    /// Whether a top Solid's centre of mass is above the hull of its contact points.
    StaticBalance(NodeRefId),
    /// The rest of the supervisor API (scene.rs).
    Scene(super::scene::SceneQuery),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QueryAnswer {
    Node(Option<NodeInfo>),
    Field(Option<FieldInfo>),
    Value(Option<FieldData>),
    Count(i32),
    /// `None` when the node has no frame (not Pose-derived) or does not exist.
    Pose(Option<[f64; 16]>),
    /// Numbers a physics query returns; `None` when the node cannot answer it (not a Solid).
    Numbers(Option<Vec<f64>>),
    /// `None` when the node is not a Solid.
    ContactPoints(Option<Vec<ContactPointData>>),
    /// `None` when the node is not a top Solid.
    Balance(Option<bool>),
    Scene(super::scene::SceneAnswer),
}

/// A contact point in world coordinates, with the Solid whose geometry it touches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContactPointData {
    pub point: [f64; 3],
    pub node: NodeRefId,
}

/// What does not change about a node while the run lasts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NodeInfo {
    pub id: NodeRefId,
    /// `WbNodeType` of the base type.
    pub node_type: u16,
    /// The PROTO name for PROTO instances, else the base type.
    pub type_name: String,
    pub base_type_name: String,
    pub def: String,
    pub is_proto: bool,
    /// `None` for the root.
    pub parent: Option<NodeRefId>,
    pub field_count: i32,
    pub base_field_count: i32,
    /// Whether it has a frame (translation/rotation): position and orientation make sense.
    pub has_pose: bool,
    /// Part of a PROTO body (not one of the instance's node-valued parameters).
    pub proto_internal: bool,
}

/// A field: its node, its place in one of the node's field lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FieldAddr {
    pub node: NodeRefId,
    pub index: i32,
    /// The base node's own list rather than the PROTO interface.
    pub base: bool,
    /// The interface of this PROTO layer of the instance (`wb_supervisor_proto_get_field`; 0: its own
    /// PROTO) rather than the visible or base list.
    pub proto_layer: Option<u8>,
}

impl FieldAddr {
    /// Whether this is one of `node`'s internal fields (its base node's or a PROTO layer's), which a
    /// regeneration of that template instance rebuilds; its interface fields are not.
    pub fn is_internal_of(&self, node: NodeRefId) -> bool {
        self.node == node && (self.base || self.proto_layer.is_some())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldInfo {
    pub addr: FieldAddr,
    pub name: String,
    /// `WbFieldType` value.
    pub type_code: i32,
    /// -1 for SF fields.
    pub count: i32,
    /// A PROTO internal field: setters are refused.
    pub read_only: bool,
}

/// One single value (an SF field, or one element of an MF field).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FieldData {
    Bool(bool),
    Int32(i32),
    Float(f64),
    Vec2f([f64; 2]),
    Vec3f([f64; 3]),
    Rotation([f64; 4]),
    Color([f64; 3]),
    String(String),
    Node(Option<NodeInfo>),
}

/// Commands a supervisor sends with its next step (or with an immediate flush).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SupervisorCommand {
    /// Set an SF field (`index` None) or one element of an MF field.
    SetField {
        field: FieldAddr,
        index: Option<i32>,
        value: FieldData,
    },
    InsertField {
        field: FieldAddr,
        index: i32,
        value: FieldData,
    },
    RemoveField {
        field: FieldAddr,
        index: i32,
    },
    /// End the run with this status.
    Quit(i32),
    /// Bring the world back to its loaded state at the next step.
    Reset,
    /// `WbSimulationMode`: 0 pause, 1 real time, 2 fast.
    SetMode(i32),
    /// A Solid's `[vx vy vz ωx ωy ωz]` (world frame).
    SetVelocity {
        node: NodeRefId,
        velocity: [f64; 6],
    },
    /// A force for the next physics step, at the Solid's centre of mass, or at `offset` (Solid frame);
    /// in the Solid's frame when `relative`.
    AddForce {
        node: NodeRefId,
        force: [f64; 3],
        offset: Option<[f64; 3]>,
        relative: bool,
    },
    AddTorque {
        node: NodeRefId,
        torque: [f64; 3],
        relative: bool,
    },
    /// Stop a node's bodies and those below it (`None`: every body).
    ResetPhysics(Option<NodeRefId>),
    /// `wb_supervisor_node_set_joint_position`: axis `index` (from 1) of a joint node.
    SetJointPosition {
        node: NodeRefId,
        position: f64,
        index: i32,
    },
    /// The rest of the supervisor API (scene.rs).
    Scene(super::scene::SceneCommand),
}
