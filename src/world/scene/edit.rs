//! Run-time changes to the scene (a supervisor's field writes): one element of a field, the whole
//! field, MF inserts and removals, node-valued fields included, carried from a PROTO instance's
//! interface into its body through the recorded `IS` links (down through the PROTOs a derived PROTO
//! is built on), and the world's own writes carried back up to the interfaces that feed them.

use super::frames::is_frame_field;
use super::tree::{Field, IsLink, NodeId, Scene};
use super::value::FieldValue;

/// One of a node's field lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldList {
    /// What `wb_supervisor_node_get_field` sees: a PROTO instance's interface, else the node's own fields.
    Visible,
    /// The base node's own fields (`get_base_node_field`); read-only inside a PROTO instance.
    Base,
    /// The interface of PROTO layer `n` of an instance (`wb_supervisor_proto_get_field`): 0 is the
    /// instance's own PROTO (its visible fields), 1 the PROTO it derives from, and so on. Read-only.
    Proto(u8),
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

    /// How many PROTOs a PROTO instance is made of (its own and those it derives from); 0 otherwise.
    pub fn proto_depth(&self, id: NodeId) -> usize {
        match self.nodes.get(id) {
            Some(n) if self.is_proto_instance(id) => 1 + n.proto_layers.len(),
            _ => 0,
        }
    }

    /// The name of PROTO layer `layer` of an instance.
    pub fn proto_layer_name(&self, id: NodeId, layer: usize) -> Option<&str> {
        let n = self.nodes.get(id).filter(|_| self.is_proto_instance(id))?;
        match layer {
            0 => n.proto.as_deref(),
            k => n.proto_layers.get(k - 1).map(|l| l.name.as_str()),
        }
    }

    /// The node's fields in the list `list`.
    pub fn field_list(&self, id: NodeId, list: FieldList) -> &[Field] {
        let proto = self.is_proto_instance(id);
        match (self.nodes.get(id), list) {
            (Some(n), FieldList::Visible | FieldList::Proto(0)) if proto => &n.proto_fields,
            (Some(n), FieldList::Proto(k)) if proto => {
                n.proto_layers.get(usize::from(k) - 1).map_or(&[], |l| &l.fields)
            }
            (Some(_), FieldList::Proto(_)) => &[],
            (Some(n), _) => &n.fields,
            (None, _) => &[],
        }
    }

    /// Layer `layer`'s fields and links, mutably (0: the instance's own PROTO).
    fn layer_mut(&mut self, id: NodeId, layer: usize) -> Option<(&mut Vec<Field>, &[IsLink])> {
        let n = self.nodes.get_mut(id)?;
        match layer {
            0 => Some((&mut n.proto_fields, &n.is_links)),
            k => n.proto_layers.get_mut(k - 1).map(|l| (&mut l.fields, &l.is_links[..])),
        }
    }

    fn layer_links(&self, id: NodeId, layer: usize) -> &[IsLink] {
        match (self.nodes.get(id), layer) {
            (Some(n), 0) => &n.is_links,
            (Some(n), k) => n.proto_layers.get(k - 1).map_or(&[], |l| &l.is_links),
            (None, _) => &[],
        }
    }

    /// Whether writing fields of `list` of the node is allowed (PROTO internals are read-only).
    pub fn is_writable(&self, id: NodeId, list: FieldList) -> bool {
        match list {
            FieldList::Visible => true,
            FieldList::Base => !self.is_proto_instance(id),
            FieldList::Proto(_) => false,
        }
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
            self.propagate(id, 0, &name, &value, &mut changed);
        } else {
            changed.push((id, name));
        }
        // every DEF/USE copy of a changed node follows it
        for (node, field) in changed.clone() {
            if let Some(v) = self.nodes.get(node).and_then(|n| n.fields.iter().find(|f| f.name == field)) {
                let v = v.value.clone();
                changed.extend(self.write_twins(node, &field, &v).into_iter().map(|t| (t, field.clone())));
            }
        }
        for (node, field) in &changed {
            if is_frame_field(field) {
                self.frames.touch(*node);
            }
        }
        Ok(changed)
    }

    /// The world writing a base field itself (a device's correction, a link carrying a robot, a
    /// controller's `customData`): the node's field, and every PROTO interface field that feeds it,
    /// up through derived PROTOs, so supervisor reads see what the world did.
    pub fn set_field_synced(&mut self, node: NodeId, name: &str, value: FieldValue) {
        if let Some(slot) = self.synced_field(node, name) {
            self.write_synced(&slot, value);
        }
    }

    /// Where a base field lives and the PROTO interface fields that feed it (through nested instances
    /// and derived PROTOs' layers): found once, for a field the world writes at every step.
    pub fn synced_field(&self, node: NodeId, name: &str) -> Option<SyncedField> {
        let index = self.nodes.get(node)?.fields.iter().position(|f| f.name == name)?;
        let mut mirrors = Vec::new();
        // (target, field, nested): the sites found, whose feeding parameters are looked for next
        let mut written = vec![(node, name.to_string(), false)];
        for _ in 0..=self.nodes.len() {
            let mut next = Vec::new();
            for (target, field, nested) in &written {
                for owner in 0..self.nodes.len() {
                    for layer in 0..self.proto_depth(owner) {
                        for link in self.layer_links(owner, layer) {
                            if link.target != *target || link.field != *field || link.nested != *nested {
                                continue;
                            }
                            let fields = self.layer_fields(owner, layer);
                            let Some(i) = fields.iter().position(|f| f.name == link.param) else { continue };
                            if mirrors.len() < MAX_MIRRORS && !mirrors.contains(&(owner, layer, i)) {
                                mirrors.push((owner, layer, i));
                                // an outer layer feeding this one links to it as a nested site of the same node
                                next.push((owner, link.param.clone(), true));
                            }
                        }
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            written = next;
        }
        Some(SyncedField { node, index, mirrors, frame: is_frame_field(name) })
    }

    /// Writes a field found by `synced_field`, and the fields that feed it.
    pub fn write_synced(&mut self, slot: &SyncedField, value: FieldValue) {
        for &(owner, layer, i) in &slot.mirrors {
            let Some((fields, _)) = self.layer_mut(owner, layer) else { continue };
            if let Some(f) = fields.get_mut(i) {
                if let Some(v) = value.clone().coerce(f.value.field_type()) {
                    f.value = v;
                }
            }
        }
        if let Some(f) = self.nodes.get_mut(slot.node).and_then(|n| n.fields.get_mut(slot.index)) {
            f.value = value;
            if slot.frame {
                self.frames.touch(slot.node);
            }
        }
    }

    fn layer_fields(&self, id: NodeId, layer: usize) -> &[Field] {
        match (self.nodes.get(id), layer) {
            (Some(n), 0) => &n.proto_fields,
            (Some(n), k) => n.proto_layers.get(k - 1).map_or(&[], |l| &l.fields),
            (None, _) => &[],
        }
    }

    /// Carries a new value of parameter `param` of PROTO layer `layer` of instance `id` to every `IS`
    /// site of it: base fields, and the parameters of nested instances (the next layer when the nested
    /// instance is the same node, a derived PROTO's base).
    fn propagate(
        &mut self,
        id: NodeId,
        layer: usize,
        param: &str,
        value: &FieldValue,
        changed: &mut Vec<(NodeId, String)>,
    ) {
        let links: Vec<IsLink> = self.layer_links(id, layer).iter().filter(|l| l.param == param).cloned().collect();
        for link in links {
            if link.nested {
                let next_layer = if link.target == id { layer + 1 } else { 0 };
                let Some((fields, _)) = self.layer_mut(link.target, next_layer) else { continue };
                let Some(field) = fields.iter_mut().find(|f| f.name == link.field) else { continue };
                let Some(v) = value.clone().coerce(field.value.field_type()) else { continue };
                field.value = v.clone();
                self.propagate(link.target, next_layer, &link.field, &v, changed);
            } else {
                let Some(target) = self.nodes.get_mut(link.target) else { continue };
                let Some(field) = target.fields.iter_mut().find(|f| f.name == link.field) else { continue };
                let Some(v) = value.clone().coerce(field.value.field_type()) else { continue };
                field.value = v;
                changed.push((link.target, link.field.clone()));
            }
        }
    }
}

/// A bound on the PROTO nesting a fed field is followed through.
const MAX_MIRRORS: usize = 64;

/// A base field of a node and the PROTO interface fields that feed it, as (node, layer, field
/// index) (see `Scene::synced_field`).
#[derive(Clone, Debug, PartialEq)]
pub struct SyncedField {
    node: NodeId,
    index: usize,
    mirrors: Vec<(NodeId, usize, usize)>,
    /// Whether the field places the node's children (its writes reach the memo of frames).
    frame: bool,
}

/// Applies one edit to a value; the new element must have the field's single type.
fn apply(value: &mut FieldValue, edit: &Edit) -> Result<(), String> {
    let ty = value.field_type();
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
        FieldValue::MFNode(v) => {
            list_edit(v, edit, |x| if let FieldValue::SFNode(Some(n)) = x { Some(*n) } else { None })
        }
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
