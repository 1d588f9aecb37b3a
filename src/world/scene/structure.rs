//! Run-time changes to the scene's structure: nodes imported from VRML text (a supervisor's
//! `import_*_node_from_string`) and nodes removed. Node ids are never reused: imported nodes get new
//! ones, removed nodes stay in the arena, marked removed and held by no field.

use std::sync::Arc;

use super::instance::Builder;
use super::lexer::tokenize;
use super::parser::Parser;
use super::proto::Loader;
use super::tree::{NodeId, Scene};
use super::value::FieldValue;
use super::{with_loader_stack, WorldError};

impl Scene {
    /// Parses `text` (nodes only, with the PROTOs the world file declared) and adds the nodes to the
    /// scene with `parent` as their parent (`None`: top level). No field holds them yet: the caller puts
    /// them in one. Returns the new top nodes and the warnings of the parse.
    pub fn import_nodes(
        &mut self,
        text: &str,
        parent: Option<NodeId>,
    ) -> Result<(Vec<NodeId>, Vec<String>), WorldError> {
        let library = self.library.clone();
        let context = self.template_env.context.clone();
        let file: Arc<str> = Arc::from("imported node string");
        let before = self.nodes.len();
        let outcome = with_loader_stack(|| {
            let toks = tokenize(text, &file)?;
            let mut loader = Loader::new(&library.options);
            let parser = Parser::new(toks, file.clone(), library.base_dir.clone(), library.version, &mut loader)
                .with_source(Arc::from(text));
            let nodes = parser.parse_import(&library.protos)?;
            let mut builder = Builder::new(&mut loader, context);
            builder.nodes = std::mem::take(&mut self.nodes);
            let mut ids = Vec::new();
            let mut failed = None;
            for n in &nodes {
                match builder.root(n) {
                    Ok(Some(id)) => ids.push(id),
                    Ok(None) => {}
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                }
            }
            self.nodes = std::mem::take(&mut builder.nodes);
            // template PROTOs imported are regenerated like the world's own
            self.templates.extend(std::mem::take(&mut builder.templates));
            let warnings = std::mem::take(&mut loader.warnings);
            match failed {
                Some(e) => Err(e),
                None => Ok((ids, warnings)),
            }
        });
        match outcome {
            Ok((ids, warnings)) => {
                for &id in &ids {
                    self.nodes[id].parent = parent;
                }
                self.frames.forget_all();
                Ok((ids, warnings))
            }
            Err(e) => {
                self.nodes.truncate(before);
                self.frames.forget_all();
                Err(e)
            }
        }
    }

    /// Takes `id` and everything below it (PROTO bodies included) out of the scene: no field, PROTO
    /// interface or top-level list holds it any more, and its nodes are marked removed. Returns them.
    pub fn remove_node(&mut self, id: NodeId) -> Vec<NodeId> {
        if self.nodes.get(id).is_none_or(|n| n.removed) {
            return Vec::new();
        }
        let mut seen = std::collections::HashSet::from([id]);
        let mut subtree = vec![id];
        let mut i = 0;
        while i < subtree.len() {
            for kid in self.children(subtree[i]) {
                if seen.insert(kid) {
                    subtree.push(kid);
                }
            }
            i += 1;
        }
        self.roots.retain(|&r| r != id);
        let detach = |v: &mut FieldValue| match v {
            FieldValue::SFNode(n) if *n == Some(id) => *n = None,
            FieldValue::MFNode(list) => list.retain(|&n| n != id),
            _ => {}
        };
        for node in &mut self.nodes {
            node.fields.iter_mut().for_each(|f| detach(&mut f.value));
            node.proto_fields.iter_mut().for_each(|f| detach(&mut f.value));
            for layer in &mut node.proto_layers {
                layer.fields.iter_mut().for_each(|f| detach(&mut f.value));
            }
        }
        for &n in &subtree {
            self.nodes[n].removed = true;
        }
        self.frames.forget_all();
        subtree
    }

    /// Makes `parent` the node holding `id` (`None`: the top level), as a node field edit placed it.
    pub fn set_parent(&mut self, id: NodeId, parent: Option<NodeId>) {
        if let Some(n) = self.nodes.get_mut(id) {
            n.parent = parent;
            self.frames.touch(id);
        }
    }

    /// Whether the node exists and has not been removed.
    pub fn is_live(&self, id: NodeId) -> bool {
        self.nodes.get(id).is_some_and(|n| !n.removed)
    }
}

#[cfg(test)]
mod tests {
    use crate::world::scene::{parse_world_str, FieldValue, LoadOptions, Scene};

    fn scene(text: &str) -> Scene {
        parse_world_str(text, "test.wbt", std::path::Path::new("."), &LoadOptions::default()).expect("world parses")
    }

    const WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Post [ field SFFloat height 1 field MFNode extras [ ] ] { Solid { name "post" children IS extras } }
DEF BASE Solid { children [ DEF KID Pose { } ] }
"#;

    #[test]
    fn imported_nodes_know_the_world_s_protos_and_get_new_ids() {
        let mut s = scene(WORLD);
        let count = s.nodes.len();
        let (ids, warnings) = s.import_nodes("DEF P Post { height 2 } Pose { }", Some(0)).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(ids.len(), 2);
        assert!(ids.iter().all(|&i| i >= count));
        assert_eq!(s.nodes[ids[0]].proto.as_deref(), Some("Post"));
        assert_eq!(s.nodes[ids[0]].def_name.as_deref(), Some("P"));
        assert_eq!(s.proto_field(ids[0], "height"), Some(&FieldValue::SFFloat(2.0)));
        assert_eq!(s.nodes[ids[0]].parent, Some(0));
    }

    #[test]
    fn a_broken_import_changes_nothing() {
        let mut s = scene(WORLD);
        let count = s.nodes.len();
        let err = s.import_nodes("Solid { children [ Pose { ", None).unwrap_err();
        assert!(err.to_string().contains("imported node string"), "{err}");
        assert!(s.import_nodes("PROTO X [ ] { Pose { } }", None).is_err());
        assert_eq!(s.nodes.len(), count);
    }

    #[test]
    fn removal_detaches_the_node_and_marks_its_subtree() {
        let mut s = scene(WORLD);
        let base = s.find_def("BASE").unwrap();
        let kid = s.find_def("KID").unwrap();
        assert_eq!(s.remove_node(kid), vec![kid]);
        assert!(s.children(base).is_empty());
        assert!(!s.is_live(kid) && s.is_live(base));
        assert_eq!(s.remove_node(kid), Vec::<usize>::new());
        let removed = s.remove_node(base);
        assert_eq!(removed, vec![base]);
        assert!(!s.roots.contains(&base));
        assert!(s.find_def("BASE").is_none());
    }
}
