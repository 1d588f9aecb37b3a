//! Parsed nodes → scene nodes: PROTO expansion (`IS` substitution, nested instances), defaults of
//! modelled types, parent links.

use super::ast::{AFieldVal, ANode, AValue, NodeKind, ProtoDef};
use super::error::{warning_at, WorldError};
use super::schema;
use super::tree::{Field, IsLink, Node, NodeId, ProtoLayer};
use super::value::{FieldType, FieldValue};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Deepest scene nesting (PROTO bodies included) the expansion follows.
pub(crate) const MAX_SCENE_DEPTH: u32 = 256;
/// Most scene nodes one world may expand to.
pub(crate) const MAX_SCENE_NODES: usize = 1_000_000;

/// A PROTO interface value and the scope its nodes' own `IS` references resolve in.
#[derive(Clone)]
struct Binding {
    value: AValue,
    env: Rc<Env>,
}

/// The interface values of one PROTO instance.
#[derive(Default)]
pub(crate) struct Env {
    bindings: HashMap<String, Binding>,
    /// Node ids created at the first `IS` site of each node-valued parameter.
    first_nodes: RefCell<HashMap<String, FieldValue>>,
    /// Every `IS` site of this instance's parameters, for run-time writes.
    is_sites: RefCell<Vec<IsLink>>,
}

pub(crate) struct Builder<'w> {
    pub nodes: Vec<Node>,
    pub warnings: &'w mut Vec<String>,
    root_env: Rc<Env>,
}

impl<'w> Builder<'w> {
    pub fn new(warnings: &'w mut Vec<String>) -> Self {
        Builder { nodes: Vec::new(), warnings, root_env: Rc::new(Env::default()) }
    }

    /// Expands a root node of the world.
    pub fn root(&mut self, an: &ANode) -> Result<Option<NodeId>, WorldError> {
        let env = self.root_env.clone();
        self.node(an, &env, None, 0)
    }

    fn node(
        &mut self,
        an: &ANode,
        env: &Rc<Env>,
        parent: Option<NodeId>,
        depth: u32,
    ) -> Result<Option<NodeId>, WorldError> {
        if depth > MAX_SCENE_DEPTH {
            return Err(WorldError::at(
                &an.pos,
                format!("scene nesting too deep (more than {} levels, PROTO bodies included)", MAX_SCENE_DEPTH),
            ));
        }
        if self.nodes.len() >= MAX_SCENE_NODES {
            return Err(WorldError::at(&an.pos, format!("world too large (more than {} nodes)", MAX_SCENE_NODES)));
        }
        match &an.kind {
            NodeKind::Proto(def) => self.proto_instance(an, def, env, parent, depth),
            _ => self.plain(an, env, parent, depth).map(Some),
        }
    }

    fn plain(&mut self, an: &ANode, env: &Rc<Env>, parent: Option<NodeId>, depth: u32) -> Result<NodeId, WorldError> {
        let id = self.nodes.len();
        let missing = matches!(an.kind, NodeKind::Missing);
        self.nodes.push(Node {
            type_name: an.type_name.clone(),
            proto: missing.then(|| an.type_name.clone()),
            def_name: an.def_name.clone(),
            fields: Vec::new(),
            proto_fields: Vec::new(),
            is_links: Vec::new(),
            proto_layers: Vec::new(),
            parent,
            pos: Some(an.pos.clone()),
            removed: false,
        });
        let mut fields = Vec::new();
        let schema = match &an.kind {
            NodeKind::Base(s) => Some(*s),
            _ => None,
        };
        if let Some(s) = schema {
            for (spec, default) in schema::all_fields(s) {
                let written = an.fields.iter().find(|f| f.name == spec.name);
                let v = match written {
                    Some(w) => {
                        record_is_site(env, &w.value, id, &w.name, false);
                        self.field_value(&w.value, env, id, depth)?
                    }
                    None => None,
                };
                let (value, pos) = match (v, written) {
                    (Some(v), Some(w)) => (self.coerce(v, spec.ty(), &w.pos, &an.type_name, &w.name), w.pos.clone()),
                    _ => (default, None),
                };
                fields.push(Field { name: spec.name.to_string(), value, pos });
            }
        }
        for w in &an.fields {
            if fields.iter().any(|f: &Field| f.name == w.name) {
                continue;
            }
            record_is_site(env, &w.value, id, &w.name, false);
            let Some(mut value) = self.field_value(&w.value, env, id, depth)? else {
                continue;
            };
            if let Some(ty) = schema.and_then(|s| schema::field_type(s, &w.name)) {
                value = self.coerce(value, ty, &w.pos, &an.type_name, &w.name);
            }
            fields.push(Field { name: w.name.clone(), value, pos: w.pos.clone() });
        }
        if let Some(n) = self.nodes.get_mut(id) {
            if missing {
                n.proto_fields = fields.clone();
            }
            n.fields = fields;
        }
        Ok(id)
    }

    /// Converts a substituted value to the field's type when the shapes are compatible.
    fn coerce(
        &mut self,
        v: FieldValue,
        ty: FieldType,
        pos: &Option<super::SourcePos>,
        type_name: &str,
        field: &str,
    ) -> FieldValue {
        if v.field_type() == ty {
            return v;
        }
        let from = v.type_name();
        match v.clone().coerce(ty) {
            Some(c) => c,
            None => {
                let msg =
                    format!("field '{}' of {} gets a {} value where {} is expected", field, type_name, from, ty.name());
                self.warnings.push(match pos {
                    Some(p) => warning_at(p, msg),
                    None => msg,
                });
                v
            }
        }
    }

    /// The value of a written field (`IS` resolved in `env`), nodes created under `owner`;
    /// `None` for an `IS` that has no PROTO field in scope (a DEF'd body node USE'd elsewhere).
    fn field_value(
        &mut self,
        fv: &AFieldVal,
        env: &Rc<Env>,
        owner: NodeId,
        depth: u32,
    ) -> Result<Option<FieldValue>, WorldError> {
        match fv {
            AFieldVal::Value(v) => self.value(v, env, owner, depth).map(Some),
            AFieldVal::Is(param) => {
                let Some(b) = env.bindings.get(param).cloned() else {
                    return Ok(None);
                };
                let v = self.value(&b.value, &b.env, owner, depth)?;
                if b.value.field_type().is_node() {
                    env.first_nodes.borrow_mut().entry(param.clone()).or_insert_with(|| v.clone());
                }
                Ok(Some(v))
            }
        }
    }

    fn value(&mut self, v: &AValue, env: &Rc<Env>, owner: NodeId, depth: u32) -> Result<FieldValue, WorldError> {
        Ok(match v {
            AValue::Plain(p) => p.clone(),
            AValue::SFNode(None) => FieldValue::SFNode(None),
            AValue::SFNode(Some(n)) => FieldValue::SFNode(self.node(n, env, Some(owner), depth + 1)?),
            AValue::MFNode(list) => {
                let mut ids = Vec::with_capacity(list.len());
                for n in list {
                    if let Some(id) = self.node(n, env, Some(owner), depth + 1)? {
                        ids.push(id);
                    }
                }
                FieldValue::MFNode(ids)
            }
        })
    }

    fn proto_instance(
        &mut self,
        an: &ANode,
        def: &ProtoDef,
        env: &Rc<Env>,
        parent: Option<NodeId>,
        depth: u32,
    ) -> Result<Option<NodeId>, WorldError> {
        if def.template {
            return Err(WorldError::at(
                &an.pos,
                format!(
                    "PROTO '{}' ({}) is a template PROTO (JavaScript/Lua), which webots-shim cannot expand",
                    def.name, def.file
                ),
            ));
        }
        let mut bindings = HashMap::new();
        for decl in &def.interface {
            let written = an.fields.iter().find(|f| f.name == decl.name);
            let b = match written.map(|w| &w.value) {
                Some(AFieldVal::Value(v)) => Binding { value: v.clone(), env: env.clone() },
                Some(AFieldVal::Is(p)) => match env.bindings.get(p) {
                    Some(b) => b.clone(),
                    None => Binding { value: decl.default.clone(), env: self.root_env.clone() },
                },
                None => Binding { value: decl.default.clone(), env: self.root_env.clone() },
            };
            bindings.insert(decl.name.clone(), b);
        }
        let inner = Rc::new(Env { bindings, ..Env::default() });
        let Some(body) = &def.body else {
            self.warnings.push(warning_at(&an.pos, format!("PROTO '{}' has no body node: instance skipped", def.name)));
            return Ok(None);
        };
        let Some(id) = self.node(body, &inner, parent, depth + 1)? else {
            return Ok(None);
        };
        let mut proto_fields = Vec::with_capacity(def.interface.len());
        for decl in &def.interface {
            let pos = an.fields.iter().find(|f| f.name == decl.name).and_then(|f| f.pos.clone());
            let first = inner.first_nodes.borrow().get(&decl.name).cloned();
            let value = match first {
                Some(v) => v,
                None => match inner.bindings.get(&decl.name).cloned() {
                    Some(b) => self.value(&b.value, &b.env, id, depth + 1)?,
                    None => decl.ty.neutral(),
                },
            };
            let value = value.clone().coerce(decl.ty).unwrap_or(value);
            proto_fields.push(Field { name: decl.name.clone(), value, pos });
        }
        // A node parameter forwarded to this instance (`param IS outer`) is the outer
        // parameter's node too.
        for w in &an.fields {
            record_is_site(env, &w.value, id, &w.name, true);
            if let AFieldVal::Is(outer) = &w.value {
                if let Some(v) = inner.first_nodes.borrow().get(&w.name) {
                    env.first_nodes.borrow_mut().entry(outer.clone()).or_insert_with(|| v.clone());
                }
            }
        }
        if let Some(n) = self.nodes.get_mut(id) {
            // a body that is itself a PROTO instance: that PROTO becomes the layer this one derives from
            if let Some(inner) = n.proto.take().filter(|p| *p != n.type_name) {
                let layer = ProtoLayer {
                    name: inner,
                    fields: std::mem::take(&mut n.proto_fields),
                    is_links: std::mem::take(&mut n.is_links),
                };
                n.proto_layers.insert(0, layer);
            }
            n.proto = Some(def.name.clone());
            n.proto_fields = proto_fields;
            n.is_links = inner.is_sites.take();
            n.def_name = an.def_name.clone();
            n.pos = Some(an.pos.clone());
            n.parent = parent;
        }
        Ok(Some(id))
    }
}

/// Remembers `field IS param` (when `param` is bound in `env`) so run-time writes to the instance's
/// parameter reach the field.
fn record_is_site(env: &Env, value: &AFieldVal, target: NodeId, field: &str, nested: bool) {
    if let AFieldVal::Is(param) = value {
        if env.bindings.contains_key(param) {
            env.is_sites.borrow_mut().push(IsLink { param: param.clone(), target, field: field.to_string(), nested });
        }
    }
}
