//! DEF/USE copies: a USE is built as a copy of its DEF's subtree, so a field changed at run time in one
//! must reach the others, as in Webots where every USE follows its DEF. Copies are the nodes parsed from
//! the same place of the same parse (a DEF node and the nodes of its USEs), of the same type, inside the
//! same PROTO instance (the bodies of two instances come from the same text but are not copies).

use std::sync::Arc;

use super::{FieldValue, NodeId, Scene};

impl Scene {
    /// The other copies of `id` (empty for a node that no DEF/USE copied).
    pub fn use_twins(&self, id: NodeId) -> Vec<NodeId> {
        let Some(node) = self.nodes.get(id) else { return Vec::new() };
        let Some(pos) = node.pos.as_ref() else { return Vec::new() };
        // only what a DEF covers can have copies: the node or an ancestor in its PROTO scope has a name
        if !self.scope_path(id).iter().any(|&n| self.nodes[n].def_name.is_some()) {
            return Vec::new();
        }
        let scope = self.proto_scope(id);
        self.nodes
            .iter()
            .enumerate()
            .filter(|&(other, n)| {
                other != id
                    && !n.removed
                    && n.type_name == node.type_name
                    && n.pos.as_ref().is_some_and(|p| p == pos && Arc::ptr_eq(&p.file, &pos.file))
                    && self.proto_scope(other) == scope
            })
            .map(|(other, _)| other)
            .collect()
    }

    /// Writes `value` into field `name` of every copy of `id`: the copies whose field changed.
    pub fn write_twins(&mut self, id: NodeId, name: &str, value: &FieldValue) -> Vec<NodeId> {
        let mut written = Vec::new();
        for twin in self.use_twins(id) {
            let Some(field) = self.nodes[twin].fields.iter_mut().find(|f| f.name == name) else { continue };
            if field.value != *value {
                field.value = value.clone();
                written.push(twin);
            }
        }
        written
    }

    /// The node and its ancestors up to (not including) the nearest PROTO instance above it.
    fn scope_path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut cur = self.nodes[id].parent;
        while let Some(p) = cur {
            if self.is_proto_instance(p) || path.len() > self.nodes.len() {
                break;
            }
            path.push(p);
            cur = self.nodes[p].parent;
        }
        path
    }

    /// The nearest PROTO instance above the node (`None` at the world's level).
    fn proto_scope(&self, id: NodeId) -> Option<NodeId> {
        let mut cur = self.nodes.get(id)?.parent;
        for _ in 0..=self.nodes.len() {
            let p = cur?;
            if self.is_proto_instance(p) {
                return Some(p);
            }
            cur = self.nodes[p].parent;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::super::edit::{Edit, FieldList};
    use super::super::{parse_world_str, LoadOptions};
    use super::*;

    fn scene(text: &str) -> Scene {
        parse_world_str(text, "t.wbt", Path::new("/nonexistent-webots-shim-dir"), &LoadOptions::default()).unwrap()
    }

    fn set_size(s: &mut Scene, node: NodeId, size: f64) -> Vec<(NodeId, String)> {
        let index = s.nodes[node].fields.iter().position(|f| f.name == "size").unwrap();
        let value = FieldValue::SFVec3f([size; 3]);
        s.edit_field(node, FieldList::Visible, index, &Edit::Set { index: None, value }).unwrap()
    }

    #[test]
    fn a_changed_def_reaches_its_uses_and_the_redefined_name_stays_apart() {
        let mut s = scene(
            "#VRML_SIM R2025a utf8\n\
             DEF G Group { children [ DEF B Box { size 1 1 1 } ] }\n\
             Solid { boundingObject USE G }\n\
             DEF B Box { size 1 1 1 }\n",
        );
        let b = s.find_def("B").unwrap();
        assert_eq!(s.type_name(b), "Box");
        let first = s.children(s.roots[0])[0];
        let changed = set_size(&mut s, first, 2.0);
        let copy = s.children(s.sf_node(s.roots[1], "boundingObject").unwrap())[0];
        assert_eq!(changed.len(), 2);
        assert_eq!(s.sf_vec3(copy, "size"), [2.0; 3]);
        // the second DEF B is another node, written elsewhere: not a copy
        assert_eq!(s.sf_vec3(s.roots[2], "size"), [1.0; 3]);
    }

    #[test]
    fn the_bodies_of_two_proto_instances_are_not_copies() {
        let s = scene(
            "#VRML_SIM R2025a utf8\n\
             PROTO P [ ] { Solid { children [ DEF S Shape { geometry Box { } } ] } }\n\
             P { } P { }\n",
        );
        let shape = s.children(s.roots[0])[0];
        assert_eq!(s.type_name(shape), "Shape");
        assert!(s.use_twins(shape).is_empty());
    }
}
