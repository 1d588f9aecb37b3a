//! Run-time changes to the scene (a supervisor's field writes): one element of a field, the whole
//! field, MF inserts and removals, carried from a PROTO instance's interface into its body through the
//! recorded `IS` links.

use super::tree::{Field, NodeId, Scene};
use super::value::FieldValue;

/// One of a node's two field lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldList {
    /// What `wb_supervisor_node_get_field` sees: a PROTO instance's interface, else the node's own fields.
    Visible,
    /// The base node's own fields (`get_base_node_field`); read-only inside a PROTO instance.
    Base,
}

/// A change to one field's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replace an SF value, or element `index` of an MF value.
    Set {
        index: Option<usize>,
        value: FieldValue,
    },
    /// Insert an element before `index` (`index == count` appends).
    Insert {
        index: usize,
        value: FieldValue,
    },
    Remove {
        index: usize,
    },
}

impl Scene {
    /// Whether the node is an instance of a PROTO (not a base node, nor an unmodelled node kept as written).
    pub fn is_proto_instance(&self, id: NodeId) -> bool {
        self.nodes.get(id).is_some_and(|n| n.proto.as_ref().is_some_and(|p| *p != n.type_name))
    }

    /// The node's fields in the list `list`.
    pub fn field_list(&self, id: NodeId, list: FieldList) -> &[Field] {
        match self.nodes.get(id) {
            Some(n) if list == FieldList::Visible && self.is_proto_instance(id) => &n.proto_fields,
            Some(n) => &n.fields,
            None => &[],
        }
    }

    /// Whether writing fields of `list` of the node is allowed (PROTO internals are read-only).
    pub fn is_writable(&self, id: NodeId, list: FieldList) -> bool {
        !(list == FieldList::Base && self.is_proto_instance(id))
    }

    /// Applies `edit` to field `index` of the node's `list`. Returns the base fields whose value
    /// changed, as (node, field name), for the devices to react; `Err` says why nothing changed.
    pub fn edit_field(
        &mut self,
        id: NodeId,
        list: FieldList,
        index: usize,
        edit: &Edit,
    ) -> Result<Vec<(NodeId, String)>, String> {
        if !self.is_writable(id, list) {
            return Err("read-only PROTO internal field".into());
        }
        let proto = list == FieldList::Visible && self.is_proto_instance(id);
        let node = self.nodes.get_mut(id).ok_or("no such node")?;
        let fields = if proto { &mut node.proto_fields } else { &mut node.fields };
        let field = fields.get_mut(index).ok_or("no such field")?;
        let mut value = field.value.clone();
        apply(&mut value, edit)?;
        field.value = value.clone();
        let name = field.name.clone();
        let mut changed = Vec::new();
        if proto {
            self.propagate(id, &name, &value, &mut changed);
        } else {
            changed.push((id, name));
        }
        Ok(changed)
    }

    /// The world writing a base field itself (a device's correction, a link carrying a robot): the
    /// node's field, and the PROTO interface fields that feed it if any, so supervisor reads see what
    /// the world did.
    pub fn set_field_synced(&mut self, node: NodeId, name: &str, value: FieldValue) {
        if let Some(slot) = self.synced_field(node, name) {
            self.write_synced(&slot, value);
        }
    }

    /// Where a base field lives and the PROTO interface fields that mirror it (through nested
    /// instances too): found once, for a field the world writes at every step.
    pub fn synced_field(&self, node: NodeId, name: &str) -> Option<SyncedField> {
        let index = self.nodes.get(node)?.fields.iter().position(|f| f.name == name)?;
        let mut mirrors = Vec::new();
        let mut targets = vec![(node, name.to_string(), false)];
        while let Some((target, field, nested)) = targets.pop() {
            for (owner, n) in self.nodes.iter().enumerate() {
                for link in n.is_links.iter().filter(|l| l.target == target && l.field == field && l.nested == nested) {
                    if let Some(i) = n.proto_fields.iter().position(|f| f.name == link.param) {
                        if mirrors.len() < MAX_MIRRORS && !mirrors.contains(&(owner, i)) {
                            mirrors.push((owner, i));
                            targets.push((owner, link.param.clone(), true));
                        }
                    }
                }
            }
        }
        Some(SyncedField { node, index, mirrors })
    }

    /// Writes a field found by `synced_field`, and its mirrors.
    pub fn write_synced(&mut self, slot: &SyncedField, value: FieldValue) {
        for &(owner, i) in &slot.mirrors {
            if let Some(f) = self.nodes.get_mut(owner).and_then(|n| n.proto_fields.get_mut(i)) {
                if let Some(v) = value.clone().coerce(f.value.field_type()) {
                    f.value = v;
                }
            }
        }
        if let Some(f) = self.nodes.get_mut(slot.node).and_then(|n| n.fields.get_mut(slot.index)) {
            f.value = value;
        }
    }

    /// Carries a new interface value of instance `id` to every `IS` site of `param`.
    fn propagate(&mut self, id: NodeId, param: &str, value: &FieldValue, changed: &mut Vec<(NodeId, String)>) {
        let links: Vec<_> = self.nodes[id].is_links.iter().filter(|l| l.param == param).cloned().collect();
        for link in links {
            let Some(target) = self.nodes.get_mut(link.target) else { continue };
            let fields = if link.nested { &mut target.proto_fields } else { &mut target.fields };
            let Some(field) = fields.iter_mut().find(|f| f.name == link.field) else { continue };
            let Some(v) = value.clone().coerce(field.value.field_type()) else { continue };
            field.value = v.clone();
            if link.nested {
                self.propagate(link.target, &link.field, &v, changed);
            } else {
                changed.push((link.target, link.field.clone()));
            }
        }
    }
}

/// A bound on the PROTO nesting a mirrored field is followed through.
const MAX_MIRRORS: usize = 64;

/// A base field of a node and the PROTO interface fields that mirror it (see `Scene::synced_field`).
#[derive(Clone, Debug, PartialEq)]
pub struct SyncedField {
    node: NodeId,
    index: usize,
    mirrors: Vec<(NodeId, usize)>,
}

/// Applies one edit to a value; the new element must have the field's single type. Node-valued fields
/// are not written this way.
fn apply(value: &mut FieldValue, edit: &Edit) -> Result<(), String> {
    let ty = value.field_type();
    if ty.is_node() {
        return Err("node fields cannot be written".into());
    }
    if let Edit::Set { index: None, value: v } = edit {
        if ty.is_multiple() || v.field_type() != ty {
            return Err(format!("a {} value does not fit a {} field", v.type_name(), ty.name()));
        }
        *value = v.clone();
        return Ok(());
    }
    macro_rules! edit_list {
        ($list:expr, $sf:ident) => {
            list_edit($list, edit, |x| if let FieldValue::$sf(e) = x { Some(e.clone()) } else { None })
        };
    }
    let done = match value {
        FieldValue::MFBool(v) => edit_list!(v, SFBool),
        FieldValue::MFInt32(v) => edit_list!(v, SFInt32),
        FieldValue::MFFloat(v) => edit_list!(v, SFFloat),
        FieldValue::MFVec2f(v) => edit_list!(v, SFVec2f),
        FieldValue::MFVec3f(v) => edit_list!(v, SFVec3f),
        FieldValue::MFRotation(v) => edit_list!(v, SFRotation),
        FieldValue::MFColor(v) => edit_list!(v, SFColor),
        FieldValue::MFString(v) => edit_list!(v, SFString),
        _ => false,
    };
    done.then_some(()).ok_or_else(|| format!("edit does not fit this {} field (index or value type)", ty.name()))
}

/// One element edit of an MF list; `pick` reads the new element from an SF value.
fn list_edit<T>(list: &mut Vec<T>, edit: &Edit, pick: impl Fn(&FieldValue) -> Option<T>) -> bool {
    match edit {
        Edit::Set { index: Some(i), value } => match (list.get_mut(*i), pick(value)) {
            (Some(slot), Some(x)) => {
                *slot = x;
                true
            }
            _ => false,
        },
        Edit::Insert { index, value } => match pick(value) {
            Some(x) if *index <= list.len() => {
                list.insert(*index, x);
                true
            }
            _ => false,
        },
        Edit::Remove { index } if *index < list.len() => {
            list.remove(*index);
            true
        }
        _ => false,
    }
}

impl FieldValue {
    /// Element `i` of an MF value as its SF type; the value itself for an SF value.
    pub fn element(&self, i: usize) -> Option<FieldValue> {
        Some(match self {
            FieldValue::MFBool(v) => FieldValue::SFBool(*v.get(i)?),
            FieldValue::MFInt32(v) => FieldValue::SFInt32(*v.get(i)?),
            FieldValue::MFFloat(v) => FieldValue::SFFloat(*v.get(i)?),
            FieldValue::MFVec2f(v) => FieldValue::SFVec2f(*v.get(i)?),
            FieldValue::MFVec3f(v) => FieldValue::SFVec3f(*v.get(i)?),
            FieldValue::MFRotation(v) => FieldValue::SFRotation(*v.get(i)?),
            FieldValue::MFColor(v) => FieldValue::SFColor(*v.get(i)?),
            FieldValue::MFString(v) => FieldValue::SFString(v.get(i)?.clone()),
            FieldValue::MFNode(v) => FieldValue::SFNode(Some(*v.get(i)?)),
            sf => sf.clone(),
        })
    }
}
