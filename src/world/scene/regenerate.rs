//! Regenerating a template PROTO instance when a supervisor changes one of the fields its template
//! reads (Webots does the same): the template runs again on the instance's current field values and
//! the new body replaces the old one in place. The instance's root node keeps its id (so do nodes
//! given through its node-valued fields); the old body's other nodes are emptied and detached.

use super::ast::{ANode, NodeKind};
use super::edit::FieldList;
use super::error::{SourcePos, WorldError};
use super::instance::{Binding, Builder, Built, Env};
use super::proto::Loader;
use super::template::TValue;
use super::tree::{NodeId, Scene};
use super::value::FieldValue;
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// What a regeneration changed.
#[derive(Debug, Default, PartialEq)]
pub struct Regenerated {
    pub root: NodeId,
    /// Nodes of the old body that no longer exist (emptied, detached).
    pub removed: Vec<NodeId>,
    /// What the template printed.
    pub warnings: Vec<String>,
}

impl Scene {
    /// After field `index` of `node`'s `list` was written: regenerates the node if it is a template
    /// instance whose template reads that field. `None` when nothing is to regenerate; an error leaves
    /// the scene as it was.
    pub fn regenerate_after_edit(
        &mut self,
        node: NodeId,
        list: FieldList,
        index: usize,
    ) -> Option<Result<Regenerated, WorldError>> {
        if list != FieldList::Visible {
            return None;
        }
        let instance = self.templates.get(&node)?;
        let template = instance.def.template.as_ref()?;
        let field = self.nodes.get(node)?.proto_fields.get(index)?;
        template.is_regenerator(&field.name).then(|| self.regenerate(node))
    }

    /// Runs the template of instance `root` again and rebuilds its body in place.
    pub fn regenerate(&mut self, root: NodeId) -> Result<Regenerated, WorldError> {
        let instance = self.templates.get(&root).cloned().ok_or_else(|| WorldError::new("not a template instance"))?;
        let def = instance.def.clone();
        let template = def.template.clone().ok_or_else(|| WorldError::new("not a template PROTO"))?;
        let node = self.nodes[root].clone();
        let kept: HashSet<NodeId> = node_values(node.proto_fields.iter().map(|f| &f.value)).into_iter().collect();
        let old = self.subtree(root, &kept);
        let bindings: HashMap<String, Binding> = node
            .proto_fields
            .iter()
            .map(|f| {
                let input = match instance.node_inputs.iter().find(|(n, _)| *n == f.name) {
                    Some((_, input)) => input.clone(),
                    None => TValue::from_plain(&f.value).unwrap_or(TValue::Node(None)),
                };
                let built = Built { value: f.value.clone(), input, taken: Cell::new(false) };
                (f.name.clone(), Binding::Built(Rc::new(built)))
            })
            .collect();
        let an = ANode {
            type_name: def.name.clone(),
            kind: NodeKind::Proto(def.clone()),
            def_name: node.def_name.clone(),
            fields: Vec::new(),
            pos: node.pos.clone().unwrap_or_else(|| SourcePos { file: def.file.clone(), line: 1, col: 1 }),
            height: 1,
            size: 1,
        };
        let env = self.template_env.clone();
        let mut loader = Loader::new(&env.opts);
        let mut builder = Builder::new(&mut loader, env.context.clone());
        builder.nodes = std::mem::take(&mut self.nodes);
        let before = builder.nodes.len();
        let kept_parents: Vec<(NodeId, Option<NodeId>)> = kept.iter().map(|&k| (k, builder.nodes[k].parent)).collect();
        builder.reuse_root = Some(root);
        let root_env = Rc::new(Env::default());
        let built = builder.template_instance(&an, &def, &template, bindings, &root_env, node.parent, 0);
        let mut nodes = std::mem::take(&mut builder.nodes);
        let templates = std::mem::take(&mut builder.templates);
        let warnings = std::mem::take(&mut loader.warnings);
        match built {
            Ok(Some(id)) if id == root => {}
            outcome => {
                // the old body stays: its root as it was, what the failed run added dropped
                nodes[root] = node;
                nodes.truncate(before);
                for (k, parent) in kept_parents {
                    nodes[k].parent = parent;
                }
                self.nodes = nodes;
                self.frames.forget_all();
                return Err(match outcome {
                    Err(e) => e,
                    _ => WorldError::new(format!("the template of PROTO '{}' generated no node", def.name)),
                });
            }
        }
        self.nodes = nodes;
        self.frames.forget_all();
        let now: HashSet<NodeId> = self.subtree(root, &kept).into_iter().collect();
        let removed: Vec<NodeId> = old.into_iter().filter(|n| !now.contains(n)).collect();
        for &n in &removed {
            let gone = &mut self.nodes[n];
            gone.fields.clear();
            gone.proto_fields.clear();
            gone.is_links.clear();
            gone.parent = None;
            self.templates.remove(&n);
        }
        self.templates.extend(templates);
        Ok(Regenerated { root, removed, warnings })
    }

    /// The nodes under `root` through node fields (itself included), not entering `kept` nodes.
    fn subtree(&self, root: NodeId, kept: &HashSet<NodeId>) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if kept.contains(&n) || out.contains(&n) {
                continue;
            }
            out.push(n);
            stack.extend(self.children(n));
        }
        out
    }
}

/// Node ids held by values.
fn node_values<'a>(values: impl Iterator<Item = &'a FieldValue>) -> Vec<NodeId> {
    let mut out = Vec::new();
    for v in values {
        match v {
            FieldValue::SFNode(Some(n)) => out.push(*n),
            FieldValue::MFNode(l) => out.extend(l),
            _ => {}
        }
    }
    out
}
