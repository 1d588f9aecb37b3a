//! The triangles of a `Mesh` node's file: binary and ASCII STL, OBJ and Collada, read by `mesh-loader`,
//! as a parry triangle mesh. Each file is read and its mesh built once per process (again when the file
//! changes on disk): bounding objects, obstacles and cameras all ask for the same meshes, cameras at
//! every sample.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use once_cell::sync::Lazy;
use parking_lot::Mutex;
use parry3d_f64::math::Vector as PVector;
use parry3d_f64::shape::{SharedShape, TriMeshFlags};

/// A mesh as a triangle list, in the Mesh node's frame.
struct Triangles {
    vertices: Vec<[f64; 3]>,
    triangles: Vec<[u32; 3]>,
}

type Loaded = Result<SharedShape, String>;

/// By file and mesh name: the file's modification time when it was read, and what it gave.
type Cache = HashMap<(PathBuf, String), (Option<SystemTime>, Loaded)>;

static CACHE: Lazy<Mutex<Cache>> = Lazy::new(|| Mutex::new(HashMap::new()));

/// The file's triangles as one mesh: all its meshes, or only those called `name` when it is not empty (the Mesh
/// node's `name` field). The error says why the file cannot be used.
pub fn load(path: &Path, name: &str) -> Loaded {
    let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let key = (path.to_path_buf(), name.to_string());
    if let Some((when, loaded)) = CACHE.lock().get(&key) {
        if *when == modified && modified.is_some() {
            return loaded.clone();
        }
    }
    let loaded = read(path, name).and_then(|t| smooth_trimesh(t.vertices, t.triangles));
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

/// A triangle mesh whose inner edges do not catch what slides or lands on them (bodies bounce off a
/// flat floor's diagonals otherwise); a mesh whose topology does not allow it is taken as it is.
fn smooth_trimesh(vertices: Vec<[f64; 3]>, triangles: Vec<[u32; 3]>) -> Loaded {
    let points: Vec<PVector> = vertices.into_iter().map(PVector::from_array).collect();
    SharedShape::trimesh_with_flags(points.clone(), triangles.clone(), TriMeshFlags::FIX_INTERNAL_EDGES)
        .or_else(|_| SharedShape::trimesh(points, triangles))
        .map_err(|e| e.to_string())
}
