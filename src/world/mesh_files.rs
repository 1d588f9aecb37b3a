//! The triangles of a `Mesh` node's file: binary and ASCII STL, OBJ and Collada, read by `mesh-loader`.
//! Each file is read once per process (and again when it changes on disk): bounding objects, obstacles
//! and cameras all ask for the same meshes, some of them at every sample.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use once_cell::sync::Lazy;
use parking_lot::Mutex;

/// A mesh as a triangle list, in the Mesh node's frame.
#[derive(Debug)]
pub struct Triangles {
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
}

type Loaded = Result<Arc<Triangles>, String>;

/// By file and mesh name: the file's modification time when it was read, and what it gave.
type Cache = HashMap<(PathBuf, String), (Option<SystemTime>, Loaded)>;

static CACHE: Lazy<Mutex<Cache>> = Lazy::new(|| Mutex::new(HashMap::new()));

/// The file's triangles: all its meshes, or only those called `name` when it is not empty (the Mesh
/// node's `name` field). The error says why the file cannot be used.
pub fn load(path: &Path, name: &str) -> Loaded {
    let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let key = (path.to_path_buf(), name.to_string());
    if let Some((when, loaded)) = CACHE.lock().get(&key) {
        if *when == modified && modified.is_some() {
            return loaded.clone();
        }
    }
    let loaded = read(path, name).map(Arc::new);
    CACHE.lock().insert(key, (modified, loaded.clone()));
    loaded
}

fn read(path: &Path, name: &str) -> Result<Triangles, String> {
    let scene = mesh_loader::Loader::default().load(path).map_err(|e| e.to_string())?;
    let mut out = Triangles { vertices: Vec::new(), triangles: Vec::new() };
    let mut named = false;
    for mesh in scene.meshes.iter().filter(|m| name.is_empty() || m.name == name) {
        named = true;
        let base = out.vertices.len() as u32;
        let count = mesh.vertices.len() as u32;
        out.vertices.extend(mesh.vertices.iter().map(|v| v.map(f64::from)));
        for f in &mesh.faces {
            if f.iter().all(|&i| i < count) && f[0] != f[1] && f[1] != f[2] && f[0] != f[2] {
                out.triangles.push(f.map(|i| base + i));
            }
        }
    }
    if !named && !name.is_empty() {
        return Err(format!("it has no mesh named '{name}'"));
    }
    if out.vertices.iter().any(|v| v.iter().any(|c| !c.is_finite())) {
        return Err("it has a vertex that is not a finite number".into());
    }
    if out.triangles.is_empty() {
        return Err("it has no triangle".into());
    }
    Ok(out)
}
