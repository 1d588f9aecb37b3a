//! Webots world (`.wbt`) and PROTO (`.proto`) files → a scene tree.
//!
//! `lexer` checks the `#VRML_SIM` header and splits text into tokens; `parser` reads nodes, typed
//! by the embedded base-node table (`schema`) or the PROTO interfaces, and resolves DEF/USE;
//! `proto` finds and caches PROTO files; `instance` expands PROTO instances into plain nodes;
//! `tree` holds the scene and its queries (robots, devices in Webots' order, DEF paths,
//! WorldInfo); `pose` computes frames. Nothing here panics on bad input: every failure is a
//! `WorldError` naming file:line:column, and nesting is bounded so hostile files cannot exhaust
//! the stack.

mod ast;
mod clip;
mod confine;
mod edit;
mod error;
mod expansion_size;
mod export;
mod frames;
mod input_memory;
mod instance;
mod lexer;
mod parser;
mod pose;
mod proto;
mod regenerate;
mod schema;
mod structure;
mod template;
mod template_instance;
mod tree;
mod twins;
mod value;
mod version;

#[cfg(test)]
mod template_tests;
#[cfg(test)]
mod tests;

pub use clip::clip_name;
pub use edit::{Edit, FieldList, SyncedField};
pub use error::{SourcePos, WorldError};
pub use lexer::CURRENT_VERSION;
pub use pose::{axis_angle_of, rotation_from_axis_angle};
pub use regenerate::Regenerated;
pub use template_instance::{remove_template_folder, template_folder};
use tree::ProtoLibrary;
pub use tree::{Field, IsLink, Node, NodeId, ProtoLayer, Scene, TemplateInstance, WorldInfo};
pub use value::{FieldType, FieldValue};

use instance::Builder;
use lexer::{check_header, tokenize};
use parser::Parser;
use proto::{decode, Loader};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use template_instance::TemplateEnv;
use version::version_key;

/// Where `webots://` URLs are looked up (each root is tried in turn, `root/rest`), and how long a
/// template PROTO may run (`None`: 10 s).
#[derive(Default, Clone, Debug)]
pub struct LoadOptions {
    pub search_path: Vec<PathBuf>,
    pub template_time_limit: Option<std::time::Duration>,
    /// All the templates of one load together (default: `template::load_budget()`).
    pub template_load_budget: Option<std::time::Duration>,
}

/// Loads a world file (and the PROTO files it declares).
pub fn load_world(path: &Path, opts: &LoadOptions) -> Result<Scene, WorldError> {
    let name = path.display().to_string();
    let bytes = input_memory::read_file(path, &name)?
        .map_err(|e| WorldError::new(format!("cannot read world file '{}': {}", name, e)))?;
    let file: Arc<str> = Arc::from(name.as_str());
    let text = decode(bytes, &file)?;
    let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut scene = parse_world_str(&text, &name, &base_dir, opts)?;
    scene.path = Some(path.to_path_buf());
    Ok(scene)
}

/// Parses world text; `file_name` names it in messages, `base_dir` anchors relative EXTERNPROTO
/// URLs.
pub fn parse_world_str(text: &str, file_name: &str, base_dir: &Path, opts: &LoadOptions) -> Result<Scene, WorldError> {
    with_loader_stack(|| parse_world_inner(text, file_name, base_dir, opts))
}

/// Stack size the loader runs on: parsing and PROTO expansion recurse once per nesting level
/// (bounded by the depth limits), which must fit whatever thread the caller loads from.
const LOADER_STACK: usize = 64 << 20;

/// Runs `f` on a stack of `LOADER_STACK` bytes of its own, on the caller's thread (`stacker`): a
/// loading thread cost every world load a hand-over to a thread that, on a busy machine, waited for a
/// core while the caller's sat idle. A panic in `f` is the load's error, as a thread's was.
fn with_loader_stack<T: Send>(f: impl FnOnce() -> Result<T, WorldError> + Send) -> Result<T, WorldError> {
    let outcome = stacker::grow(LOADER_STACK, || std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    outcome.unwrap_or_else(|_| Err(WorldError::new("internal error while loading the world")))
}

fn parse_world_inner(text: &str, file_name: &str, base_dir: &Path, opts: &LoadOptions) -> Result<Scene, WorldError> {
    let file: Arc<str> = Arc::from(file_name);
    let version = check_header(text, &file)?;
    let toks = tokenize(text, &file)?;
    let mut loader = Loader::new(opts);
    let (roots, declarations) =
        Parser::new(toks, file.clone(), base_dir.to_path_buf(), version_key(&version), &mut loader)
            .with_source(Arc::from(text))
            .parse_world_and_declarations()?;
    let template_env = TemplateEnv::for_world(file_name, opts);
    let mut builder = Builder::new(&mut loader, template_env.context.clone());
    let mut root_ids = Vec::new();
    for r in &roots {
        if let Some(id) = builder.root(r)? {
            root_ids.push(id);
        }
    }
    let nodes = std::mem::take(&mut builder.nodes);
    let templates = std::mem::take(&mut builder.templates);
    let warnings = std::mem::take(&mut loader.warnings);
    let library = Arc::new(ProtoLibrary {
        protos: declarations.protos,
        externprotos: declarations.externprotos,
        base_dir: base_dir.to_path_buf(),
        version: version_key(&version),
        options: opts.clone(),
    });
    Ok(Scene {
        version,
        nodes,
        roots: root_ids,
        warnings,
        path: None,
        templates,
        template_env: Arc::new(template_env),
        library,
        frames: Default::default(),
    })
}
