//! The scene tree: nodes in a flat vector (ids are indices), and the queries the world needs —
//! typed field access, robots and their devices in Webots' order, DEF lookup, WorldInfo.

use super::ast::ProtoDef;
use super::error::SourcePos;
use super::schema;
use super::template::TValue;
use super::value::{FieldType, FieldValue};
use super::version::{version_key, R2020B, R2022A};
use super::LoadOptions;
use crate::protocol::node_type::{is_device, node_type_from_name};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

/// Index of a node in `Scene::nodes`.
pub type NodeId = usize;

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub value: FieldValue,
    /// Where the value was written; `None` for defaults.
    pub pos: Option<SourcePos>,
}

#[derive(Clone, Debug)]
pub struct Node {
    /// Base type after PROTO expansion ("Robot"); the written name for unmodelled nodes.
    pub type_name: String,
    /// The PROTO written in the file when this node is a PROTO instance (outermost).
    pub proto: Option<String>,
    pub def_name: Option<String>,
    /// Every field: schema fields in schema order (written or default), then extra written ones.
    pub fields: Vec<Field>,
    /// For a PROTO instance: its interface fields with this instance's values.
    pub proto_fields: Vec<Field>,
    /// For a PROTO instance: where each interface field is used (`field IS param` in its body).
    pub is_links: Vec<IsLink>,
    /// For an instance of a derived PROTO (whose body is itself a PROTO instance): the PROTOs it derives
    /// from, the closest first, each with its interface as the outer PROTO's body sets it.
    pub proto_layers: Vec<ProtoLayer>,
    pub parent: Option<NodeId>,
    pub pos: Option<SourcePos>,
    /// Taken out of the scene by a supervisor (`wb_supervisor_node_remove`...): ids are never reused.
    pub removed: bool,
}

/// One PROTO a derived PROTO instance is built on: its name, its interface fields' values and where
/// they are used.
#[derive(Clone, Debug, PartialEq)]
pub struct ProtoLayer {
    pub name: String,
    pub fields: Vec<Field>,
    pub is_links: Vec<IsLink>,
}

/// One `field IS param` in a PROTO body: writing the instance's `param` writes `field` of `target`
/// (a base field, or the interface field of a nested instance when `nested` is set).
#[derive(Clone, Debug, PartialEq)]
pub struct IsLink {
    pub param: String,
    pub target: NodeId,
    pub field: String,
    pub nested: bool,
}

/// The values of the world's WorldInfo node that the simulation uses.
#[derive(Clone, Debug)]
pub struct WorldInfo {
    /// Milliseconds.
    pub basic_time_step: f64,
    /// "ENU", "NUE" or "EUN".
    pub coordinate_system: String,
    pub gravity: f64,
    pub random_seed: i32,
    /// Legacy (≤ R2020a) `northDirection`, when written.
    pub north_direction: Option<[f64; 3]>,
}

/// What regenerates a template PROTO instance when a supervisor changes one of its fields.
#[derive(Debug)]
pub struct TemplateInstance {
    pub(crate) def: Arc<ProtoDef>,
    /// What the template saw of the node-valued fields (those are not written at run time).
    pub(crate) node_inputs: Vec<(String, TValue)>,
}

#[derive(Clone, Debug)]
pub struct Scene {
    /// Header version, e.g. "R2025a".
    pub version: String,
    pub nodes: Vec<Node>,
    pub roots: Vec<NodeId>,
    pub warnings: Vec<String>,
    pub path: Option<PathBuf>,
    /// Template PROTO instances by root node.
    pub templates: HashMap<NodeId, Arc<TemplateInstance>>,
    /// What templates need to run again (search path, time limit, the world's context).
    pub(crate) template_env: Arc<super::template_instance::TemplateEnv>,
    /// What the world file declared, for nodes imported at run time and for saving the world.
    pub(crate) library: Arc<ProtoLibrary>,
    /// The memo of global frames (see `frames`): every write of a frame field or a parent goes through
    /// the scene's methods, which keep it.
    pub(super) frames: super::frames::Frames,
}

/// The PROTOs a world knows (its own and those of its EXTERNPROTO declarations) and where its file is.
#[derive(Clone, Debug, Default)]
pub(crate) struct ProtoLibrary {
    pub protos: HashMap<String, Arc<ProtoDef>>,
    /// The EXTERNPROTO declarations as written (`IMPORTABLE` ones flagged).
    pub externprotos: Vec<(String, bool)>,
    pub base_dir: PathBuf,
    pub version: u32,
    pub options: LoadOptions,
}

/// Webots' `basicTimeStep`, milliseconds, in place of an invalid one.
pub const DEFAULT_BASIC_TIME_STEP: f64 = 32.0;

/// A step time can advance by: positive, finite and not subnormal.
pub fn valid_basic_time_step(step_ms: f64) -> bool {
    step_ms.is_normal() && step_ms > 0.0
}

const JOINTS: &[&str] = &["HingeJoint", "SliderJoint", "Hinge2Joint", "BallJoint"];

impl Scene {
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id)
    }

    pub fn field(&self, id: NodeId, name: &str) -> Option<&FieldValue> {
        self.nodes.get(id)?.fields.iter().find(|f| f.name == name).map(|f| &f.value)
    }

    /// `field`, for a caller that asks every step: `hint` remembers where the field was last found in
    /// the node's list (checked at each use, so a stale hint costs one search).
    pub fn field_hinted(&self, id: NodeId, name: &str, hint: &mut Option<usize>) -> Option<&FieldValue> {
        let fields = &self.nodes.get(id)?.fields;
        if let Some(f) = hint.and_then(|i| fields.get(i)).filter(|f| f.name == name) {
            return Some(&f.value);
        }
        let i = fields.iter().position(|f| f.name == name)?;
        *hint = Some(i);
        Some(&fields[i].value)
    }

    pub fn field_mut(&mut self, id: NodeId, name: &str) -> Option<&mut FieldValue> {
        if super::frames::is_frame_field(name) && id < self.nodes.len() {
            self.frames.touch(id);
        }
        self.nodes.get_mut(id)?.fields.iter_mut().find(|f| f.name == name).map(|f| &mut f.value)
    }

    /// A PROTO interface field of an instance.
    pub fn proto_field(&self, id: NodeId, name: &str) -> Option<&FieldValue> {
        self.nodes.get(id)?.proto_fields.iter().find(|f| f.name == name).map(|f| &f.value)
    }

    /// The field's value read as `ty`, else the type's default for that field, else `None`.
    fn typed(&self, id: NodeId, name: &str, ty: FieldType) -> Option<FieldValue> {
        if let Some(v) = self.field(id, name) {
            if let Some(c) = v.clone().coerce(ty) {
                return Some(c);
            }
        }
        let type_name = self.nodes.get(id).map_or("", |n| n.type_name.as_str());
        schema::default_of(type_name, name).and_then(|d| d.coerce(ty))
    }

    pub fn sf_bool(&self, id: NodeId, name: &str) -> bool {
        matches!(self.typed(id, name, FieldType::SFBool), Some(FieldValue::SFBool(true)))
    }

    pub fn sf_int(&self, id: NodeId, name: &str) -> i32 {
        match self.typed(id, name, FieldType::SFInt32) {
            Some(FieldValue::SFInt32(i)) => i,
            _ => 0,
        }
    }

    pub fn sf_float(&self, id: NodeId, name: &str) -> f64 {
        match self.typed(id, name, FieldType::SFFloat) {
            Some(FieldValue::SFFloat(f)) => f,
            _ => 0.0,
        }
    }

    pub fn sf_string(&self, id: NodeId, name: &str) -> String {
        match self.typed(id, name, FieldType::SFString) {
            Some(FieldValue::SFString(s)) => s,
            _ => String::new(),
        }
    }

    pub fn sf_vec2(&self, id: NodeId, name: &str) -> [f64; 2] {
        match self.typed(id, name, FieldType::SFVec2f) {
            Some(FieldValue::SFVec2f(v)) => v,
            _ => [0.0; 2],
        }
    }

    /// SFVec3f (an SFColor is read too).
    pub fn sf_vec3(&self, id: NodeId, name: &str) -> [f64; 3] {
        if let Some(FieldValue::SFColor(c)) = self.field(id, name) {
            return *c;
        }
        match self.typed(id, name, FieldType::SFVec3f) {
            Some(FieldValue::SFVec3f(v)) => v,
            _ => [0.0; 3],
        }
    }

    pub fn sf_rotation(&self, id: NodeId, name: &str) -> [f64; 4] {
        match self.typed(id, name, FieldType::SFRotation) {
            Some(FieldValue::SFRotation(v)) => v,
            _ => [0.0, 0.0, 1.0, 0.0],
        }
    }

    pub fn sf_node(&self, id: NodeId, name: &str) -> Option<NodeId> {
        match self.field(id, name) {
            Some(FieldValue::SFNode(n)) => *n,
            _ => None,
        }
    }

    pub fn mf_string(&self, id: NodeId, name: &str) -> Vec<String> {
        match self.typed(id, name, FieldType::MFString) {
            Some(FieldValue::MFString(v)) => v,
            _ => Vec::new(),
        }
    }

    /// MFVec3f (an MFColor is read too).
    pub fn mf_vec3(&self, id: NodeId, name: &str) -> Vec<[f64; 3]> {
        if let Some(FieldValue::MFColor(c)) = self.field(id, name) {
            return c.clone();
        }
        match self.typed(id, name, FieldType::MFVec3f) {
            Some(FieldValue::MFVec3f(v)) => v,
            _ => Vec::new(),
        }
    }

    pub fn mf_int(&self, id: NodeId, name: &str) -> Vec<i32> {
        match self.typed(id, name, FieldType::MFInt32) {
            Some(FieldValue::MFInt32(v)) => v,
            _ => Vec::new(),
        }
    }

    pub fn mf_float(&self, id: NodeId, name: &str) -> Vec<f64> {
        match self.typed(id, name, FieldType::MFFloat) {
            Some(FieldValue::MFFloat(v)) => v,
            _ => Vec::new(),
        }
    }

    pub fn mf_node(&self, id: NodeId, name: &str) -> Vec<NodeId> {
        match self.field(id, name) {
            Some(FieldValue::MFNode(v)) => v.clone(),
            Some(FieldValue::SFNode(Some(n))) => vec![*n],
            _ => Vec::new(),
        }
    }

    /// Webots' `WbNodeType` of the node's base type (0 when it has none).
    pub fn node_type(&self, id: NodeId) -> u16 {
        self.nodes.get(id).map_or(0, |n| node_type_from_name(&n.type_name))
    }

    /// How warnings name a node: its type and `name` field, e.g. `Emitter "emitter"`.
    pub fn describe(&self, id: NodeId) -> String {
        format!("{} \"{}\"", self.type_name(id), super::clip_name(&self.sf_string(id, "name")))
    }

    pub fn type_name(&self, id: NodeId) -> &str {
        self.nodes.get(id).map_or("", |n| n.type_name.as_str())
    }

    /// Whether the node's base type derives from Solid (Robot and Solid devices included).
    pub fn is_solid(&self, id: NodeId) -> bool {
        schema::is_solid_derived(self.type_name(id))
    }

    fn is_robot(&self, id: NodeId) -> bool {
        self.type_name(id) == "Robot"
    }

    /// Nodes held by the node's SFNode/MFNode fields, in field order.
    pub fn children(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        if let Some(n) = self.nodes.get(id) {
            for f in &n.fields {
                push_nodes(&f.value, &mut out);
            }
        }
        out
    }

    /// Every node in scene pre-order (roots, then children field by field).
    pub fn preorder(&self) -> Vec<NodeId> {
        self.preorder_from(self.roots.clone(), |s, id| s.children(id))
    }

    fn preorder_from(&self, start: Vec<NodeId>, kids: impl Fn(&Scene, NodeId) -> Vec<NodeId>) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<NodeId> = start.into_iter().rev().collect();
        while let Some(id) = stack.pop() {
            match seen.get_mut(id) {
                Some(s) if !*s => *s = true,
                _ => continue,
            }
            out.push(id);
            stack.extend(kids(self, id).into_iter().rev());
        }
        out
    }

    /// Every Robot-based node (PROTO instances and nested robots included), in scene pre-order.
    pub fn robots(&self) -> Vec<NodeId> {
        self.preorder().into_iter().filter(|&id| self.is_robot(id)).collect()
    }

    /// The nodes a robot's devices are searched in, for one node (Webots' order).
    fn device_containers(&self, id: NodeId) -> Vec<NodeId> {
        let t = self.type_name(id);
        if JOINTS.contains(&t) {
            let mut out = Vec::new();
            for f in ["device", "device2", "device3"] {
                out.extend(self.mf_node(id, f));
            }
            if let Some(e) = self.sf_node(id, "endPoint") {
                if self.type_name(e) != "SolidReference" {
                    out.push(e);
                }
            }
            return out;
        }
        match t {
            "Slot" => self.sf_node(id, "endPoint").into_iter().collect(),
            "Propeller" => self.sf_node(id, "device").into_iter().collect(),
            "Track" => {
                let mut out = self.mf_node(id, "device");
                out.extend(self.mf_node(id, "children"));
                out
            }
            _ => self.mf_node(id, "children"),
        }
    }

    /// A robot's devices in Webots' order (tags 1..N): pre-order over children, each device before
    /// its own children; joints give their `device` lists then their `endPoint`; Slot its
    /// `endPoint`; Propeller its motor; Track its devices; nested robots are not entered.
    pub fn robot_devices(&self, robot: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        if robot >= self.nodes.len() {
            return out;
        }
        let start = self.device_containers(robot);
        for id in self.preorder_from(start, |s, id| if s.is_robot(id) { Vec::new() } else { s.device_containers(id) }) {
            if id != robot && !self.is_robot(id) && is_device(self.node_type(id)) {
                out.push(id);
            }
        }
        out
    }

    /// The nearest Robot ancestor (the node itself when it is a Robot).
    pub fn robot_of(&self, id: NodeId) -> Option<NodeId> {
        let mut cur = Some(id);
        for _ in 0..=self.nodes.len() {
            let c = cur?;
            if self.is_robot(c) {
                return Some(c);
            }
            cur = self.nodes.get(c)?.parent;
        }
        None
    }

    /// Ancestors from the root down to `id` (inclusive).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        self.frame_path(id).into_vec()
    }

    /// The first WorldInfo node (roots first).
    pub fn world_info_node(&self) -> Option<NodeId> {
        self.roots
            .iter()
            .copied()
            .find(|&r| self.type_name(r) == "WorldInfo")
            .or_else(|| self.nodes.iter().position(|n| n.type_name == "WorldInfo"))
    }

    /// `WorldInfo.basicTimeStep` in ms as `world_info` gives it, without reading the other fields (the
    /// step loop asks for it every step).
    pub fn basic_time_step(&self) -> f64 {
        self.world_info_node()
            .map(|w| self.sf_float(w, "basicTimeStep"))
            .filter(|&s| valid_basic_time_step(s))
            .unwrap_or(DEFAULT_BASIC_TIME_STEP)
    }

    pub fn world_info(&self) -> WorldInfo {
        let legacy = version_key(&self.version) < R2020B;
        match self.world_info_node() {
            Some(w) => WorldInfo {
                basic_time_step: self.basic_time_step(),
                coordinate_system: self.sf_string(w, "coordinateSystem"),
                gravity: self.sf_float(w, "gravity"),
                random_seed: self.sf_int(w, "randomSeed"),
                north_direction: match self.field(w, "northDirection") {
                    Some(FieldValue::SFVec3f(v)) => Some(*v),
                    _ => None,
                },
            },
            None => WorldInfo {
                basic_time_step: DEFAULT_BASIC_TIME_STEP,
                coordinate_system: if legacy { "NUE" } else { "ENU" }.to_string(),
                gravity: 9.81,
                random_seed: 0,
                north_direction: None,
            },
        }
    }

    /// As Webots does, a `basicTimeStep` that is not positive becomes 32 ms, with its warning; so does
    /// one no time could advance by (subnormal) or that is not finite.
    pub fn check_basic_time_step(&mut self, warnings: &mut Vec<String>) {
        let Some(info) = self.world_info_node() else { return };
        if valid_basic_time_step(self.sf_float(info, "basicTimeStep")) {
            return;
        }
        if let Some(FieldValue::SFFloat(step)) = self.field_mut(info, "basicTimeStep") {
            *step = DEFAULT_BASIC_TIME_STEP;
        }
        warnings.push("WorldInfo: Invalid 'basicTimeStep' changed to 32. The value should be positive.".into());
    }

    /// `WorldInfo.physics` names a physics plugin (a shared library Webots loads beside ODE): none is
    /// loaded here, so the world runs without it and says so once.
    pub fn check_physics_plugin(&self, warnings: &mut Vec<String>) {
        let Some(info) = self.world_info_node() else { return };
        let name = self.sf_string(info, "physics");
        if !name.is_empty() {
            warnings.push(format!(
                "WorldInfo: physics plugin '{}' is not supported: the world runs without it (its \
                 webots_physics_init/step/cleanup are never called, and packets on channel 0 go to the \
                 robots' receivers on channel 0 as on any channel).",
                super::clip_name(&name)
            ));
        }
    }

    /// Nodes a supervisor can see below this one: PROTO internals are hidden except the nodes
    /// passed through the instance's own fields.
    fn visible_children(&self, id: NodeId) -> Vec<NodeId> {
        match self.nodes.get(id) {
            Some(n) if n.proto.is_some() => {
                let mut out = Vec::new();
                for f in &n.proto_fields {
                    push_nodes(&f.value, &mut out);
                }
                out
            }
            Some(_) => self.children(id),
            None => Vec::new(),
        }
    }

    /// Whether a supervisor can see the node: not inside a PROTO body, unless passed in through one of
    /// its instance's fields.
    pub fn is_visible(&self, node: NodeId) -> bool {
        self.preorder_from(self.roots.clone(), |s, id| s.visible_children(id)).contains(&node)
    }

    /// A node by DEF name, as Webots' supervisor finds it: the first component anywhere in the scene a
    /// supervisor can see, each next one among the direct children of the previous (through any node
    /// field; a PROTO instance's only through its node parameters).
    pub fn find_def(&self, def: &str) -> Option<NodeId> {
        let mut parts = def.split('.');
        let first = parts.next()?;
        let named = |id: &NodeId, name: &str| self.nodes[*id].def_name.as_deref() == Some(name);
        let mut found = self
            .preorder_from(self.roots.clone(), |s, id| s.visible_children(id))
            .into_iter()
            .find(|id| named(id, first))?;
        for part in parts {
            found = self.visible_children(found).into_iter().find(|id| named(id, part))?;
        }
        Some(found)
    }

    /// Header older than R2022a (V8.x, R20xx up to R2021b): NUE world, old device axes.
    pub fn is_pre_r2022a(&self) -> bool {
        version_key(&self.version) < R2022A
    }
}

fn push_nodes(v: &FieldValue, out: &mut Vec<NodeId>) {
    match v {
        FieldValue::SFNode(Some(n)) => out.push(*n),
        FieldValue::MFNode(l) => out.extend(l.iter().copied()),
        _ => {}
    }
}
