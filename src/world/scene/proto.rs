//! Finding and loading PROTO files: URL resolution (relative, absolute, `webots://` through the
//! search path, Webots' GitHub raw URLs), a per-load cache, cycle detection.

use super::ast::ProtoDef;
use super::error::{warning_at, SourcePos, WorldError};
use super::lexer::{check_header, tokenize};
use super::parser::Parser;
use super::version::version_key;
use super::LoadOptions;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Deepest chain of PROTO files declaring each other.
const MAX_FILE_DEPTH: u32 = 32;

const GITHUB_RAW: &str = "https://raw.githubusercontent.com/cyberbotics/webots/";

/// State shared by all files of one load.
pub(crate) struct Loader<'o> {
    pub opts: &'o LoadOptions,
    /// Loaded PROTO files by path; `None` while a file is being loaded (cycle detection).
    cache: HashMap<PathBuf, Option<Vec<Arc<ProtoDef>>>>,
    pub warnings: Vec<String>,
    /// Parsed nodes so far (USE copies included), against `MAX_AST_NODES`.
    pub budget: usize,
    file_depth: u32,
    /// Template runs and their generated bodies.
    pub(crate) expansions: super::template_instance::Expansions,
}

/// The PROTO name an EXTERNPROTO URL declares (file name without `.proto`), if it names one.
pub(crate) fn url_stem(url: &str) -> Option<String> {
    let last = url.rsplit(['/', '\\']).next().unwrap_or(url);
    let dot = last.len().checked_sub(6)?;
    let (stem, ext) = (last.get(..dot)?, last.get(dot..)?);
    if ext.eq_ignore_ascii_case(".proto") && !stem.is_empty() {
        Some(stem.to_string())
    } else {
        None
    }
}

/// Decodes file bytes, reporting the first invalid UTF-8 sequence with its position.
pub(crate) fn decode(bytes: Vec<u8>, file: &Arc<str>) -> Result<String, WorldError> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => {
            let bytes = e.as_bytes();
            let valid = e.utf8_error().valid_up_to();
            let prefix = std::str::from_utf8(&bytes[..valid]).unwrap_or("");
            let line = prefix.matches('\n').count() + 1;
            let col = prefix.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            Err(WorldError::at(
                &SourcePos {
                    file: file.clone(),
                    line: u32::try_from(line).unwrap_or(u32::MAX),
                    col: u32::try_from(col).unwrap_or(u32::MAX),
                },
                "invalid UTF-8 byte sequence (world and PROTO files must be UTF-8 text)",
            ))
        }
    }
}

impl<'o> Loader<'o> {
    pub fn new(opts: &'o LoadOptions) -> Self {
        Loader {
            opts,
            cache: HashMap::new(),
            warnings: Vec::new(),
            budget: 0,
            file_depth: 0,
            expansions: Default::default(),
        }
    }

    /// The file an EXTERNPROTO URL designates, if it exists; `Err` for a `webots://` (or Webots GitHub)
    /// URL whose path climbs out of WEBOTS_HOME.
    pub fn resolve(&self, url: &str, base_dir: &Path) -> Result<Option<PathBuf>, String> {
        let mapped;
        let mut url = url;
        if let Some(rest) = url.strip_prefix(GITHUB_RAW) {
            // https://raw.githubusercontent.com/cyberbotics/webots/<tag>/<path> → webots://<path>
            let path = rest.split_once('/').map_or("", |(_, p)| p);
            mapped = format!("webots://{}", path);
            url = &mapped;
        }
        if let Some(rest) = url.strip_prefix("webots://") {
            if !super::confine::stays_inside(rest) {
                return Err(format!(
                    "EXTERNPROTO \"{}\" climbs out of the Webots home (its path must stay inside it): refused",
                    super::clip_name(url)
                ));
            }
            return Ok(self.opts.search_path.iter().map(|root| root.join(rest)).find(|p| p.is_file()));
        }
        if url.contains("://") {
            return Ok(None);
        }
        let p = Path::new(url);
        let full = if p.is_absolute() { p.to_path_buf() } else { base_dir.join(p) };
        Ok(full.is_file().then_some(full))
    }

    /// Loads (or reuses) the PROTO definitions of a file. `Ok(None)` when the file cannot be
    /// used (unreadable, or part of a cycle); a warning says why.
    pub fn load_proto_file(&mut self, path: &Path, at: &SourcePos) -> Result<Option<Vec<Arc<ProtoDef>>>, WorldError> {
        let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        match self.cache.get(&key) {
            Some(Some(defs)) => return Ok(Some(defs.clone())),
            Some(None) => {
                self.warnings
                    .push(warning_at(at, format!("PROTO file '{}' declares itself (cycle): ignored", path.display())));
                return Ok(None);
            }
            None => {}
        }
        if self.file_depth >= MAX_FILE_DEPTH {
            return Err(WorldError::at(at, format!("PROTO files nested too deep (more than {})", MAX_FILE_DEPTH)));
        }
        let bytes = match super::input_memory::read_file(path, &path.display().to_string())? {
            Ok(b) => b,
            Err(e) => {
                self.warnings.push(warning_at(at, format!("cannot read PROTO file '{}': {}", path.display(), e)));
                return Ok(None);
            }
        };
        let file: Arc<str> = Arc::from(path.display().to_string());
        let text = decode(bytes, &file)?;
        let version = check_header(&text, &file)?;
        let toks = tokenize(&text, &file)?;
        let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        self.cache.insert(key.clone(), None);
        self.file_depth += 1;
        let r = Parser::new(toks, file, base_dir, version_key(&version), self)
            .with_source(Arc::from(text))
            .parse_proto_file();
        self.file_depth -= 1;
        let defs = r?;
        self.cache.insert(key, Some(defs.clone()));
        Ok(Some(defs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems() {
        assert_eq!(url_stem("webots://a/b/Foo.proto").as_deref(), Some("Foo"));
        assert_eq!(url_stem("Bar.PROTO").as_deref(), Some("Bar"));
        assert_eq!(url_stem("x.wbt"), None);
        assert_eq!(url_stem(".proto"), None);
        assert_eq!(url_stem("ßß.proto").as_deref(), Some("ßß"));
        assert_eq!(url_stem("ß"), None);
    }
}
