//! Parsed nodes → scene nodes: PROTO expansion (`IS` substitution, nested instances), defaults of
//! modelled types, parent links. Template instances are in `template_instance`.

use super::ast::{AFieldVal, ANode, AValue, NodeKind, ProtoDef};
use super::error::{warning_at, WorldError};
use super::proto::Loader;
use super::schema;
use super::template::TValue;
use super::tree::{Field, IsLink, Node, NodeId, ProtoLayer, TemplateInstance};
use super::value::{FieldType, FieldValue};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// Deepest scene nesting (PROTO bodies included) the expansion follows.
pub(crate) const MAX_SCENE_DEPTH: u32 = 256;
/// Most scene nodes one world may expand to.
pub(crate) const MAX_SCENE_NODES: usize = 1_000_000;

/// A PROTO interface value: as parsed, with the scope its nodes' own `IS` references resolve in, or
/// already built into the scene (the fields of a template instance).
#[derive(Clone)]
pub(crate) enum Binding {
    Ast { value: AValue, env: Rc<Env> },
    Built(Rc<Built>),
}

/// A built interface value. Its nodes go to the first `IS` site that uses them; later sites get copies.
pub(crate) struct Built {
    pub value: FieldValue,
    /// What a template sees of it.
    pub input: TValue,
    pub taken: Cell<bool>,
}

/// The interface values of one PROTO instance.
#[derive(Default)]
pub(crate) struct Env {
    pub bindings: HashMap<String, Binding>,
    /// Node ids created at the first `IS` site of each node-valued parameter.
    pub(super) first_nodes: RefCell<HashMap<String, FieldValue>>,
    /// Every `IS` site of this instance's parameters, for run-time writes.
    pub(super) is_sites: RefCell<Vec<IsLink>>,
}

pub(crate) struct Builder<'l, 'o> {
    pub nodes: Vec<Node>,
    pub ld: &'l mut Loader<'o>,
    pub(super) root_env: Rc<Env>,
    /// Template instances built so far (root node → what regenerates it).
    pub templates: HashMap<NodeId, Arc<TemplateInstance>>,
    /// The world file, for templates' `context`.
    pub world: super::template::Context,
    /// Rebuilding a template instance in place: its root node keeps this id.
    pub(super) reuse_root: Option<NodeId>,
    /// The expanded size of PROTO bodies, counted before they are built.
    sizes: super::expansion_size::ExpansionSizes,
}

impl<'l, 'o> Builder<'l, 'o> {
    pub fn new(ld: &'l mut Loader<'o>, world: super::template::Context) -> Self {
        Builder {
            nodes: Vec::new(),
            ld,
            root_env: Rc::new(Env::default()),
            templates: HashMap::new(),
            world,
            reuse_root: None,
            sizes: Default::default(),
        }
    }

    pub(super) fn warn(&mut self, w: String) {
        self.ld.warnings.push(w);
    }

    /// Expands a root node of the world.
    pub fn root(&mut self, an: &ANode) -> Result<Option<NodeId>, WorldError> {
        let env = self.root_env.clone();
        self.node(an, &env, None, 0)
    }

    pub(super) fn node(
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
        // a PROTO instance is counted whole before it is built: an expansion bomb stops here, at once
        if matches!(an.kind, NodeKind::Proto(_)) && self.nodes.len().saturating_add(self.sizes.of(an)) > MAX_SCENE_NODES
        {
            return Err(WorldError::at(
                &an.pos,
                format!(
                    "world too large (more than {} nodes): PROTO '{}' would expand to {} nodes",
                    MAX_SCENE_NODES,
                    an.type_name,
                    self.sizes.of(an)
                ),
            ));
        }
        match &an.kind {
            NodeKind::Proto(def) => self.proto_instance(an, def, env, parent, depth),
            _ => self.plain(an, env, parent, depth).map(Some),
        }
    }

    fn plain(&mut self, an: &ANode, env: &Rc<Env>, parent: Option<NodeId>, depth: u32) -> Result<NodeId, WorldError> {
        let missing = matches!(an.kind, NodeKind::Missing);
        let node = Node {
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
        };
        let id = match self.reuse_root.take() {
            Some(id) if id < self.nodes.len() => {
                self.nodes[id] = node;
                id
            }
            _ => {
                self.nodes.push(node);
                self.nodes.len() - 1
            }
        };
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
                self.warn(match pos {
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
                let v = match &b {
                    Binding::Ast { value, env } => self.value(value, env, owner, depth)?,
                    Binding::Built(built) => self.take_built(built, owner),
                };
                if v.field_type().is_node() {
                    env.first_nodes.borrow_mut().entry(param.clone()).or_insert_with(|| v.clone());
                }
                Ok(Some(v))
            }
        }
    }

    pub(super) fn value(
        &mut self,
        v: &AValue,
        env: &Rc<Env>,
        owner: NodeId,
        depth: u32,
    ) -> Result<FieldValue, WorldError> {
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
        def: &Arc<ProtoDef>,
        env: &Rc<Env>,
        parent: Option<NodeId>,
        depth: u32,
    ) -> Result<Option<NodeId>, WorldError> {
        let mut bindings = HashMap::new();
        for decl in &def.interface {
            let written = an.fields.iter().find(|f| f.name == decl.name);
            let b = match written.map(|w| &w.value) {
                Some(AFieldVal::Value(v)) => Binding::Ast { value: v.clone(), env: env.clone() },
                Some(AFieldVal::Is(p)) => match env.bindings.get(p) {
                    Some(b) => b.clone(),
                    None => Binding::Ast { value: decl.default.clone(), env: self.root_env.clone() },
                },
                None => Binding::Ast { value: decl.default.clone(), env: self.root_env.clone() },
            };
            bindings.insert(decl.name.clone(), b);
        }
        if let Some(template) = &def.template {
            return self.template_instance(an, def, template, bindings, env, parent, depth);
        }
        let inner = Rc::new(Env { bindings, ..Env::default() });
        let Some(body) = &def.body else {
            self.warn(warning_at(&an.pos, format!("PROTO '{}' has no body node: instance skipped", def.name)));
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
                    Some(Binding::Ast { value, env }) => self.value(&value, &env, id, depth + 1)?,
                    Some(Binding::Built(built)) => self.take_built(&built, id),
                    None => decl.ty.neutral(),
                },
            };
            let value = value.clone().coerce(decl.ty).unwrap_or(value);
            proto_fields.push(Field { name: decl.name.clone(), value, pos });
        }
        self.finish_instance(an, def, id, &inner, env, proto_fields, parent);
        Ok(Some(id))
    }

    /// What every instance root gets once its body is built: the interface values, the `IS` sites,
    /// the instance's DEF name, position and parent.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_instance(
        &mut self,
        an: &ANode,
        def: &ProtoDef,
        id: NodeId,
        inner: &Rc<Env>,
        env: &Rc<Env>,
        proto_fields: Vec<Field>,
        parent: Option<NodeId>,
    ) {
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
            // the instance's saved state (`hidden` lines) sits on its root node, as a plain node's does
            for w in an.fields.iter().filter(|w| w.name.starts_with("hidden ")) {
                if let AFieldVal::Value(AValue::Plain(v)) = &w.value {
                    n.fields.retain(|f| f.name != w.name);
                    n.fields.push(Field { name: w.name.clone(), value: v.clone(), pos: w.pos.clone() });
                }
            }
        }
    }

    /// The value of a built interface field at an `IS` site under `owner`: its own nodes the first
    /// time, copies of them afterwards.
    pub(super) fn take_built(&mut self, built: &Built, owner: NodeId) -> FieldValue {
        if !built.value.field_type().is_node() {
            return built.value.clone();
        }
        let mut roots = Vec::new();
        match &built.value {
            FieldValue::SFNode(Some(n)) => roots.push(*n),
            FieldValue::MFNode(l) => roots.extend(l.iter().copied()),
            _ => {}
        }
        let first = !built.taken.replace(true);
        let ids: Vec<NodeId> = roots
            .into_iter()
            .map(|r| {
                let id = if first { r } else { self.copy_subtree(r) };
                if let Some(n) = self.nodes.get_mut(id) {
                    n.parent = Some(owner);
                }
                id
            })
            .collect();
        match built.value {
            FieldValue::SFNode(_) => FieldValue::SFNode(ids.first().copied()),
            _ => FieldValue::MFNode(ids),
        }
    }

    /// A copy of the subtree under `root` (node values, interface values and `IS` sites pointing
    /// inside it are renumbered); returns the copy's root.
    fn copy_subtree(&mut self, root: NodeId) -> NodeId {
        let mut order = vec![root];
        let mut i = 0;
        while i < order.len() {
            let n = &self.nodes[order[i]];
            for f in n.fields.iter().chain(&n.proto_fields) {
                match &f.value {
                    FieldValue::SFNode(Some(c)) => order.push(*c),
                    FieldValue::MFNode(l) => order.extend(l),
                    _ => {}
                }
            }
            i += 1;
        }
        order.sort_unstable();
        order.dedup();
        let base = self.nodes.len();
        let map: HashMap<NodeId, NodeId> = order.iter().enumerate().map(|(k, &old)| (old, base + k)).collect();
        let renumber = |v: &mut FieldValue| match v {
            FieldValue::SFNode(Some(c)) => *c = map.get(c).copied().unwrap_or(*c),
            FieldValue::MFNode(l) => l.iter_mut().for_each(|c| *c = map.get(c).copied().unwrap_or(*c)),
            _ => {}
        };
        for &old in &order {
            let mut n = self.nodes[old].clone();
            n.fields.iter_mut().chain(n.proto_fields.iter_mut()).for_each(|f| renumber(&mut f.value));
            n.is_links.iter_mut().for_each(|l| l.target = map.get(&l.target).copied().unwrap_or(l.target));
            n.parent = n.parent.map(|p| map.get(&p).copied().unwrap_or(p));
            self.nodes.push(n);
        }
        map[&root]
    }
}

/// Remembers `field IS param` (when `param` is bound in `env`) so run-time writes to the instance's
/// parameter reach the field.
pub(super) fn record_is_site(env: &Env, value: &AFieldVal, target: NodeId, field: &str, nested: bool) {
    if let AFieldVal::Is(param) = value {
        if env.bindings.contains_key(param) {
            env.is_sites.borrow_mut().push(IsLink { param: param.clone(), target, field: field.to_string(), nested });
        }
    }
}
