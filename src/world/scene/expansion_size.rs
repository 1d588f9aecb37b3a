//! How many scene nodes a node of the parsed file becomes once its PROTOs are expanded, counted on the
//! parsed form before anything is built: a PROTO that doubles at every level is refused at once, not
//! after a million nodes and gigabytes. Each PROTO body is counted once (memoised); a template body,
//! unknown until it runs, counts as one node (its output is counted when it is built).

use std::collections::HashMap;
use std::sync::Arc;

use super::ast::{AFieldVal, ANode, NodeKind, ProtoDef};

#[derive(Default)]
pub(crate) struct ExpansionSizes {
    protos: HashMap<usize, usize>,
}

impl ExpansionSizes {
    /// The scene nodes `an` expands to (saturating).
    pub fn of(&mut self, an: &ANode) -> usize {
        let own = match &an.kind {
            NodeKind::Proto(def) => self.proto(def),
            _ => 1,
        };
        let mut total = own;
        for f in &an.fields {
            if let AFieldVal::Value(v) = &f.value {
                for child in v.nodes() {
                    total = total.saturating_add(self.of(child));
                }
            }
        }
        total
    }

    /// The nodes one instance of `def` adds: its body and its interface's default nodes.
    fn proto(&mut self, def: &Arc<ProtoDef>) -> usize {
        let key = Arc::as_ptr(def) as usize;
        if let Some(&n) = self.protos.get(&key) {
            return n;
        }
        let mut n = match &def.body {
            Some(body) => self.of(body),
            None => 1,
        };
        for decl in &def.interface {
            for child in decl.default.nodes() {
                n = n.saturating_add(self.of(child));
            }
        }
        self.protos.insert(key, n);
        n
    }
}
