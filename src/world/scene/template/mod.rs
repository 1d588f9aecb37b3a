//! Template PROTOs: bodies that generate their node text with JavaScript (`%< code >%`,
//! `%<= expression >%`), following Webots' template rules.
//!
//! `header` reads a PROTO file's template header (language, tags); `script` turns a template body into
//! a JavaScript module whose lines are the body's lines; `input` holds the values a template sees
//! (`fields`, `context`); `engine` runs the module in an embedded QuickJS, with Webots' helper modules
//! (`js/`), a time limit and errors mapped back to the PROTO file's lines.

mod engine;
mod header;
mod input;
mod script;
pub mod wbfile;

pub(crate) use engine::Engine;
pub(crate) use header::{Header, Language};
pub(crate) use input::{Context, TField, TNode, TValue};

use super::ast::ProtoDef;
use super::error::SourcePos;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

/// Longest a template may run before it is stopped (an endless loop), unless the load options say otherwise.
pub(crate) const DEFAULT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// How long all the templates of one world load may run together, unless WEBOTS_SHIM_LOAD_BUDGET (in
/// seconds) says otherwise.
pub(crate) const DEFAULT_LOAD_BUDGET: std::time::Duration = std::time::Duration::from_secs(30);

/// The load budget: WEBOTS_SHIM_LOAD_BUDGET seconds when set to a positive number, else the default.
pub(crate) fn load_budget() -> std::time::Duration {
    std::env::var("WEBOTS_SHIM_LOAD_BUDGET")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .map_or(DEFAULT_LOAD_BUDGET, std::time::Duration::from_secs_f64)
}

/// The PROTOs a template's output may use: those its file declares, as when the file was read.
#[derive(Debug, Default)]
pub(crate) struct Scope {
    pub protos: HashMap<String, Arc<ProtoDef>>,
    pub missing: HashSet<String>,
    pub base_dir: PathBuf,
    pub version: u32,
}

/// The body of a template PROTO as written, between the braces that follow its interface.
#[derive(Debug)]
pub(crate) struct TemplateBody {
    pub text: String,
    /// Where `text` starts in the PROTO file.
    pub start: SourcePos,
    pub header: Header,
    pub scope: Scope,
}

impl TemplateBody {
    /// Whether a change of the field regenerates the node (Webots: the field is named as
    /// `fields.NAME` in template code, or the PROTO has the `indirectFieldAccess` tag).
    pub fn is_regenerator(&self, field: &str) -> bool {
        self.header.indirect_field_access || script::code_blocks(&self.text).any(|code| names_field(code, field))
    }

    /// The first template block's position (for messages about the template as a whole).
    pub fn first_block(&self) -> SourcePos {
        let offset = self.text.find("%<").or_else(|| self.text.find("%{")).unwrap_or(0);
        script::position_at(&self.text, offset, &self.start)
    }
}

/// Whether `code` mentions `fields.NAME` with NAME a whole word.
fn names_field(code: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let pattern = format!("fields.{}", name);
    code.match_indices(&pattern).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + pattern.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_names_are_whole_words() {
        assert!(names_field("const s = fields.size.value;", "size"));
        assert!(!names_field("const s = fields.sizeX.value;", "size"));
        assert!(!names_field("const s = myfields.size.value;", "size"));
        assert!(names_field("(fields.size)", "size"));
    }
}
