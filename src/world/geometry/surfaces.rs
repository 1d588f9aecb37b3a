//! The bounding geometries made of many triangles: an ElevationGrid's height field and a Mesh's file.

use nalgebra::{Isometry3, Matrix3, Rotation3, Translation3, UnitQuaternion};
use parry3d_f64::math::Vector as PVector;
use parry3d_f64::shape::SharedShape;
use parry3d_f64::utils::Array2;

use crate::world::geometry::mesh_files;
use crate::world::scene::{NodeId, Scene};

/// An ElevationGrid as a height field and its pose in the node's frame: point (i, j) of the grid stands
/// at (i·xSpacing, j·ySpacing, height[i + j·xDimension]) from the node's origin, a corner of the grid
/// (the height along y and the second direction along z in worlds before R2022a). Missing heights are
/// 0, as in Webots.
pub fn elevation_grid(scene: &Scene, node: NodeId, legacy: bool) -> Result<(SharedShape, Isometry3<f64>), String> {
    let (second, second_spacing) = if legacy { ("zDimension", "zSpacing") } else { ("yDimension", "ySpacing") };
    let (nx, ny) = (scene.sf_int(node, "xDimension"), scene.sf_int(node, second));
    let (sx, sy) = (scene.sf_float(node, "xSpacing"), scene.sf_float(node, second_spacing));
    if nx < 2 || ny < 2 || !(sx.is_finite() && sx > 0.0) || !(sy.is_finite() && sy > 0.0) {
        return Err(format!(
            "An ElevationGrid used in a 'boundingObject' needs 'xDimension' and '{second}' of at least 2 and \
             positive spacings."
        ));
    }
    let heights = scene.mf_float(node, "height");
    if heights.iter().any(|h| !h.is_finite()) {
        return Err("An ElevationGrid used in a 'boundingObject' needs finite heights.".into());
    }
    let (nx, ny) = (nx as usize, ny as usize);
    let (width, depth) = ((nx - 1) as f64 * sx, (ny - 1) as f64 * sy);
    let height = |i: usize, j: usize| heights.get(i + j * nx).copied().unwrap_or(0.0);
    // parry's field lies in its x-z plane, centred, heights along y, rows along z, stored column-major
    let (field, pose) = if legacy {
        let data = (0..nx).flat_map(|i| (0..ny).map(move |j| (i, j))).map(|(i, j)| height(i, j)).collect();
        let pose = Isometry3::translation(width / 2.0, 0.0, depth / 2.0);
        (SharedShape::heightfield(Array2::new(ny, nx, data), PVector::new(width, 1.0, depth)), pose)
    } else {
        // parry's x along the grid's y, its z along the grid's x, its heights along z
        let data = (0..ny).flat_map(|j| (0..nx).map(move |i| (i, j))).map(|(i, j)| height(i, j)).collect();
        let turn = Rotation3::from_matrix_unchecked(Matrix3::new(0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0));
        let pose = Isometry3::from_parts(Translation3::new(width / 2.0, depth / 2.0, 0.0), UnitQuaternion::from(turn));
        (SharedShape::heightfield(Array2::new(nx, ny, data), PVector::new(depth, 1.0, width)), pose)
    };
    Ok((field, pose))
}

/// A Mesh's file (its first `url`, relative to the world file's folder) as a triangle mesh.
pub fn mesh_file(scene: &Scene, node: NodeId) -> Result<SharedShape, String> {
    let url = scene.mf_string(node, "url").into_iter().next().unwrap_or_default();
    if url.is_empty() {
        return Err("Mesh without 'url': it has no collision shape.".into());
    }
    if url.contains("://") {
        return Err(format!("Mesh file '{url}' cannot be used: only local files are read."));
    }
    let path = scene.library.base_dir.join(&url);
    let cannot = |why: String| format!("Mesh file '{}' cannot be used: {why}.", path.display());
    mesh_files::load(&path, &scene.sf_string(node, "name")).map_err(cannot)
}

/// The warnings of the bounding Meshes that give no shape, in a world without physics (with physics,
/// the engine's build reports every unusable bounding geometry): rays would go through them unnoticed.
pub fn unusable_mesh_warnings(scene: &Scene) -> Vec<String> {
    let mut out = Vec::new();
    for solid in scene.preorder() {
        if !scene.is_solid(solid) {
            continue;
        }
        let mut unusable = Vec::new();
        crate::world::geometry::shapes::bounding_shapes(scene, solid, &mut unusable);
        for u in unusable.into_iter().filter(|u| scene.type_name(u.node) == "Mesh") {
            out.push(format!("{}: {}", scene.describe(solid), u.why));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use nalgebra::{Point3, Vector3};

    use crate::world::geometry::obstacles::Obstacles;
    use crate::world::scene::{parse_world_str, LoadOptions};

    /// The height under (a, b) of a grid whose heights rise as a + 1.5·b (i + 3·j at 1 m by 2 m spacing),
    /// found by a ray cast straight down its up axis.
    fn surface_height(version: &str, grid: &str, at: [f64; 2]) -> f64 {
        let text = format!("#VRML_SIM {version} utf8\nSolid {{ boundingObject {grid} }}");
        let scene = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let obstacles = Obstacles::from_scene(&scene);
        let legacy = version < "R2022a";
        let (origin, down) = if legacy {
            (Point3::new(at[0], 10.0, at[1]), -Vector3::y())
        } else {
            (Point3::new(at[0], at[1], 10.0), -Vector3::z())
        };
        let (distance, _, _) = obstacles.cast(&origin, &down, 100.0, &[]).expect("the ray meets the grid");
        10.0 - distance
    }

    #[test]
    fn a_missing_mesh_is_named_in_a_world_without_physics_too() {
        let text = "#VRML_SIM R2025a utf8\nSolid { name \"rock\" boundingObject Mesh { url \"rock.obj\" } }";
        let scene = parse_world_str(text, "t.wbt", std::path::Path::new("/nowhere"), &LoadOptions::default()).unwrap();
        let world = crate::world::World::from_scene(scene, "/nowhere/t.wbt".into());
        let w = world.warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("Solid \"rock\": Mesh file '/nowhere/rock.obj' cannot be used: "), "{w:?}");
    }

    #[test]
    fn an_elevation_grid_stands_where_webots_puts_its_points() {
        let grid = "ElevationGrid { xDimension 3 xSpacing 1 yDimension 2 ySpacing 2 height [ 0 1 2 3 4 5 ] }";
        for at in [[0.5, 1.0], [1.7, 0.4], [0.2, 1.9]] {
            let h = surface_height("R2025a", grid, at);
            assert!((h - (at[0] + 1.5 * at[1])).abs() < 1e-9, "at {at:?}: {h}");
        }
        let legacy = "ElevationGrid { xDimension 3 xSpacing 1 zDimension 2 zSpacing 2 height [ 0 1 2 3 4 5 ] }";
        for at in [[0.5, 1.0], [1.7, 0.4]] {
            let h = surface_height("R2021a", legacy, at);
            assert!((h - (at[0] + 1.5 * at[1])).abs() < 1e-9, "legacy, at {at:?}: {h}");
        }
    }
}
