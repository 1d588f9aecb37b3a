//! Finding and loading PROTO files: URL resolution (relative, absolute, `webots://` through the
//! search path, Webots' GitHub raw URLs), a per-load cache, cycle detection, template detection.

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

/// Whether a PROTO file is a template (JavaScript `%< >%` or Lua `%{ }%`).
fn is_template(text: &str) -> bool {
    if text.contains("%<") || text.contains("%{") {
        return true;
    }
    text.lines().take_while(|l| l.trim_start().starts_with('#')).any(|l| l.contains("template language"))
}

/// The name after the first `PROTO` keyword at the start of a line.
fn scan_proto_name(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix("PROTO")?;
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        let name: String =
            rest.trim_start().chars().take_while(|c| !c.is_whitespace() && *c != '[' && *c != '{').collect();
        (!name.is_empty()).then_some(name)
    })
}

impl<'o> Loader<'o> {
    pub fn new(opts: &'o LoadOptions) -> Self {
        Loader { opts, cache: HashMap::new(), warnings: Vec::new(), budget: 0, file_depth: 0 }
    }

    /// The file an EXTERNPROTO URL designates, if it exists.
    pub fn resolve(&self, url: &str, base_dir: &Path) -> Option<PathBuf> {
        let mapped;
        let mut url = url;
        if let Some(rest) = url.strip_prefix(GITHUB_RAW) {
            // https://raw.githubusercontent.com/cyberbotics/webots/<tag>/<path> → webots://<path>
            let path = rest.split_once('/').map_or("", |(_, p)| p);
            mapped = format!("webots://{}", path);
            url = &mapped;
        }
        if let Some(rest) = url.strip_prefix("webots://") {
            return self.opts.search_path.iter().map(|root| root.join(rest)).find(|p| p.is_file());
        }
        if url.contains("://") {
            return None;
        }
        let p = Path::new(url);
        let full = if p.is_absolute() { p.to_path_buf() } else { base_dir.join(p) };
        full.is_file().then_some(full)
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
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                self.warnings.push(warning_at(at, format!("cannot read PROTO file '{}': {}", path.display(), e)));
                return Ok(None);
            }
        };
        let file: Arc<str> = Arc::from(path.display().to_string());
        let text = decode(bytes, &file)?;
        let version = check_header(&text, &file)?;
        let defs = if is_template(&text) {
            let name = scan_proto_name(&text).or_else(|| url_stem(&path.to_string_lossy())).unwrap_or_default();
            vec![Arc::new(ProtoDef { name, file: file.clone(), interface: Vec::new(), body: None, template: true })]
        } else {
            let toks = tokenize(&text, &file)?;
            let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            self.cache.insert(key.clone(), None);
            self.file_depth += 1;
            let r = Parser::new(toks, file, base_dir, version_key(&version), self).parse_proto_file();
            self.file_depth -= 1;
            r?
        };
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

    #[test]
    fn template_detection() {
        assert!(is_template("#VRML_SIM R2025a utf8\n# template language: javascript\nPROTO A [] { Solid {} }"));
        assert!(is_template("PROTO A [] { %< x >% Solid {} }"));
        assert!(!is_template("#VRML_SIM R2025a utf8\nPROTO A [] { Solid {} }"));
        assert_eq!(scan_proto_name("#x\nPROTO Foo [\n]").as_deref(), Some("Foo"));
    }
}
