//! Positions in world/PROTO files and the error type every loading failure is reported with.

use std::fmt;
use std::sync::Arc;

/// A place in a source file; line and column are 1-based (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePos {
    pub file: Arc<str>,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// A world that cannot be loaded: where (when known) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldError {
    pub pos: Option<SourcePos>,
    pub message: String,
}

impl WorldError {
    pub fn at(pos: &SourcePos, message: impl Into<String>) -> Self {
        WorldError { pos: Some(pos.clone()), message: message.into() }
    }

    pub fn new(message: impl Into<String>) -> Self {
        WorldError { pos: None, message: message.into() }
    }
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.pos {
            Some(p) => write!(f, "{}: {}", p, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for WorldError {}

/// Formats a warning the way errors are shown: "file:line:col: message".
pub(crate) fn warning_at(pos: &SourcePos, message: impl fmt::Display) -> String {
    format!("{}: {}", pos, message)
}
