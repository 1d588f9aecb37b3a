//! Controller-side supervisor state: the node and field references handed to C (one per node and per
//! field, so the same node always gives the same pointer), the buffers their getters return, and the
//! field writes waiting for the next step.
//!
//! A reference given to C is the address of a boxed handle kept here; a reference coming back from C
//! is only ever used as a key into these tables, never dereferenced, so a stale or foreign pointer is
//! simply not found.

use std::collections::HashMap;
use std::ffi::CString;

use super::c_string;
use crate::protocol::{
    ContactPointData, FieldAddr, FieldData, FieldInfo, NodeInfo, NodeRefId, ProtoInfo, SceneEvent, SupervisorCommand,
};

pub struct NodeHandle {
    pub info: NodeInfo,
    pub def: CString,
    pub type_name: CString,
    pub base_type_name: CString,
    pub position: [f64; 3],
    pub orientation: [f64; 9],
    pub velocity: [f64; 6],
    pub center_of_mass: [f64; 3],
    /// What the deprecated `wb_supervisor_node_get_contact_point` returned last.
    pub contact_point: [f64; 3],
    /// Contact points of the node alone ([0]) and with its descendants ([1]), and when they were asked.
    pub contact_points: [ContactCache; 2],
    /// Which of the two the deprecated per-index getters read.
    pub contact_points_descendants: bool,
    /// `wb_supervisor_node_export_string`'s text, valid until the next export of this node.
    pub content: CString,
}

/// Contact points a supervisor read, kept for the rest of the step.
#[derive(Clone, Debug)]
pub struct ContactCache {
    /// Simulated time of the reading (NaN: never read).
    pub time_ms: f64,
    /// `None`: the node is not a Solid.
    pub points: Option<Vec<ContactPointData>>,
}

impl Default for ContactCache {
    fn default() -> Self {
        ContactCache { time_ms: f64::NAN, points: None }
    }
}

/// A `WbProtoRef`: one PROTO layer of an instance.
pub struct ProtoHandle {
    pub node: NodeRefId,
    pub layer: u8,
    pub info: ProtoInfo,
    pub type_name: CString,
}

pub struct FieldHandle {
    pub info: FieldInfo,
    pub name: CString,
    /// The last value read (vectors, rotations, colours): what the getters' pointers point to.
    pub numbers: [f64; 4],
    pub string: CString,
}

#[derive(Default)]
pub struct Supervision {
    nodes: HashMap<NodeRefId, Box<NodeHandle>>,
    node_at: HashMap<usize, NodeRefId>,
    fields: HashMap<FieldAddr, Box<FieldHandle>>,
    field_at: HashMap<usize, FieldAddr>,
    /// Field writes since the last step, in call order; a second write of the same item replaces the first.
    pending_sets: Vec<(FieldAddr, Option<i32>, FieldData)>,
    /// `wb_supervisor_node_get_pose` returns this one buffer.
    pub pose: [f64; 16],
    protos: HashMap<(NodeRefId, u8), Box<ProtoHandle>>,
    proto_at: HashMap<usize, (NodeRefId, u8)>,
    /// Handles of removed nodes and fields, kept boxed so that their addresses are never handed out again.
    #[allow(clippy::vec_box)]
    dead: Vec<Box<NodeHandle>>,
    #[allow(clippy::vec_box)]
    dead_fields: Vec<Box<FieldHandle>>,
    /// Tracked SF values and poses as last sent by the world, with the time they are from (ms).
    tracked_values: HashMap<FieldAddr, (f64, FieldData)>,
    tracked_poses: HashMap<(NodeRefId, Option<NodeRefId>), (f64, [f64; 16])>,
    /// `WB_SUPERVISOR_MOVIE_*`: where movie recording stands (never recording, headless).
    pub movie_status: i32,
}

impl Supervision {
    /// The handle of a node (created on first sight); its address is the `WbNodeRef`.
    pub fn node_ref(&mut self, info: NodeInfo) -> usize {
        let id = info.id;
        let handle = self.nodes.entry(id).or_insert_with(|| {
            Box::new(NodeHandle {
                def: c_string(&info.def),
                type_name: c_string(&info.type_name),
                base_type_name: c_string(&info.base_type_name),
                info: info.clone(),
                position: [f64::NAN; 3],
                orientation: [f64::NAN; 9],
                velocity: [f64::NAN; 6],
                center_of_mass: [f64::NAN; 3],
                contact_point: [f64::NAN; 3],
                contact_points: Default::default(),
                contact_points_descendants: false,
                content: CString::default(),
            })
        });
        let addr = &**handle as *const NodeHandle as usize;
        self.node_at.insert(addr, id);
        addr
    }

    /// The handle behind a `WbNodeRef`, if it is one of ours.
    pub fn node(&self, addr: usize) -> Option<&NodeHandle> {
        self.node_at.get(&addr).and_then(|id| self.nodes.get(id)).map(|b| &**b)
    }

    pub fn node_mut(&mut self, addr: usize) -> Option<&mut NodeHandle> {
        let id = *self.node_at.get(&addr)?;
        self.nodes.get_mut(&id).map(|b| &mut **b)
    }

    /// A node already known by id (no round trip needed).
    pub fn known_node(&self, id: NodeRefId) -> Option<usize> {
        self.nodes.get(&id).map(|h| &**h as *const NodeHandle as usize)
    }

    /// The handle of a field (created on first sight); its address is the `WbFieldRef`.
    pub fn field_ref(&mut self, info: FieldInfo) -> usize {
        let addr = info.addr;
        let handle = self.fields.entry(addr).or_insert_with(|| {
            Box::new(FieldHandle { name: c_string(&info.name), info, numbers: [0.0; 4], string: CString::default() })
        });
        let at = &**handle as *const FieldHandle as usize;
        self.field_at.insert(at, addr);
        at
    }

    pub fn field(&self, addr: usize) -> Option<&FieldHandle> {
        self.field_at.get(&addr).and_then(|a| self.fields.get(a)).map(|b| &**b)
    }

    pub fn field_mut(&mut self, addr: usize) -> Option<&mut FieldHandle> {
        let a = *self.field_at.get(&addr)?;
        self.fields.get_mut(&a).map(|b| &mut **b)
    }

    /// A known field by address in the world (no round trip needed).
    pub fn known_field(&self, addr: &FieldAddr) -> Option<usize> {
        self.fields.get(addr).map(|h| &**h as *const FieldHandle as usize)
    }

    /// Queues a write for the next step, replacing a queued write of the same item.
    pub fn queue_set(&mut self, field: FieldAddr, index: Option<i32>, value: FieldData) {
        match self.pending_sets.iter_mut().find(|(f, i, _)| *f == field && *i == index) {
            Some(slot) => slot.2 = value,
            None => self.pending_sets.push((field, index, value)),
        }
    }

    pub fn has_pending_sets(&self) -> bool {
        !self.pending_sets.is_empty()
    }

    /// The value a write queued this step will give the item, if any (getters read it back).
    pub fn pending_value(&self, field: &FieldAddr, index: Option<i32>) -> Option<&FieldData> {
        self.pending_sets.iter().find(|(f, i, _)| f == field && *i == index).map(|(_, _, v)| v)
    }

    /// The handle of a PROTO layer (created on first sight); its address is the `WbProtoRef`.
    pub fn proto_ref(&mut self, node: NodeRefId, layer: u8, info: ProtoInfo) -> usize {
        let handle = self
            .protos
            .entry((node, layer))
            .or_insert_with(|| Box::new(ProtoHandle { node, layer, type_name: c_string(&info.type_name), info }));
        let at = &**handle as *const ProtoHandle as usize;
        self.proto_at.insert(at, (node, layer));
        at
    }

    pub fn proto(&self, addr: usize) -> Option<&ProtoHandle> {
        self.proto_at.get(&addr).and_then(|k| self.protos.get(k)).map(|b| &**b)
    }

    /// A tracked field's value sent for the step ending at `now` (ms), if any.
    pub fn tracked_value(&self, field: &FieldAddr, now: f64) -> Option<&FieldData> {
        self.tracked_values.get(field).filter(|(t, _)| *t == now).map(|(_, v)| v)
    }

    /// A tracked pose sent for the step ending at `now` (ms), if any.
    pub fn tracked_pose(&self, node: NodeRefId, from: Option<NodeRefId>, now: f64) -> Option<[f64; 16]> {
        self.tracked_poses.get(&(node, from)).filter(|(t, _)| *t == now).map(|(_, p)| *p)
    }

    /// A structural event or tracked value of a step answer for the step ending at `now` (ms). Returns
    /// the configurations of devices added to this robot, for the device table.
    pub fn apply_event(&mut self, event: &SceneEvent, now: f64) -> Vec<crate::protocol::DeviceConfig> {
        match event {
            SceneEvent::NodesRemoved(ids) => {
                for id in ids {
                    self.forget_node(*id);
                }
            }
            SceneEvent::Regenerated(id) => {
                self.forget_fields(|f| f.is_internal_of(*id));
            }
            SceneEvent::NewDevices(configs) => return configs.clone(),
            SceneEvent::FieldValue { field, value } => {
                self.tracked_values.insert(*field, (now, value.clone()));
            }
            SceneEvent::Pose { node, from, pose } => {
                self.tracked_poses.insert((*node, *from), (now, *pose));
            }
        }
        Vec::new()
    }

    /// A node left the scene: its reference is no longer valid (its address is not reused), nor are
    /// its PROTO layers'.
    fn forget_node(&mut self, id: NodeRefId) {
        if let Some(handle) = self.nodes.remove(&id) {
            self.node_at.remove(&(&*handle as *const NodeHandle as usize));
            self.dead.push(handle);
        }
        self.forget_fields(|f| f.node == id);
        self.proto_at.retain(|_, (node, _)| *node != id);
        self.tracked_poses.retain(|(n, from), _| *n != id && *from != Some(id));
    }

    /// The references of the fields `gone` picks are no longer valid (their addresses are not reused): a
    /// later lookup of the same field gives a new one; their tracked values go too.
    fn forget_fields(&mut self, gone: impl Fn(&FieldAddr) -> bool) {
        self.tracked_values.retain(|f, _| !gone(f));
        let addrs: Vec<FieldAddr> = self.fields.keys().filter(|a| gone(a)).copied().collect();
        for addr in addrs {
            if let Some(handle) = self.fields.remove(&addr) {
                self.field_at.remove(&(&*handle as *const FieldHandle as usize));
                self.dead_fields.push(handle);
            }
        }
    }

    /// The queued writes as commands, in call order.
    pub fn take_sets(&mut self) -> impl Iterator<Item = SupervisorCommand> {
        std::mem::take(&mut self.pending_sets).into_iter().map(|(field, index, value)| SupervisorCommand::SetField {
            field,
            index,
            value,
        })
    }
}
