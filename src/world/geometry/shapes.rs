//! A Solid's `boundingObject` as parry shapes: Box, Sphere, Cylinder, Capsule, Cone, Plane,
//! IndexedFaceSet, ElevationGrid and Mesh, possibly in a Shape, Pose/Transform or Group, each with its
//! pose in the Solid's frame. The obstacles that block infra-red and the physics engine's colliders both
//! read them here.

use nalgebra::{Isometry3, Translation3, Vector3};
use parry3d_f64::math::Vector as PVector;
use parry3d_f64::shape::SharedShape;

use crate::world::scene::{rotation_from_axis_angle, FieldValue, NodeId, Scene};

/// One primitive of a bounding object.
#[derive(Clone)]
pub struct BoundingShape {
    pub shape: SharedShape,
    /// The shape's pose in the Solid's frame.
    pub pose: Isometry3<f64>,
    /// The geometry node (Box, Sphere...).
    pub node: NodeId,
}

impl BoundingShape {
    pub fn is_plane(&self) -> bool {
        self.shape.as_halfspace().is_some()
    }
}

/// A geometry node of a bounding object that gives no shape, and why (Webots' words where it has some).
#[derive(Clone, Debug)]
pub struct Unusable {
    pub node: NodeId,
    pub why: String,
}

/// How deep Group/Pose/Shape nesting inside a bounding object is followed.
const MAX_DEPTH: usize = 32;

/// The primitives of `solid`'s bounding object (empty without one). Primitives that cannot be used (a
/// non-positive size, a mesh file that cannot be read) are left out and reported in `unusable`.
pub fn bounding_shapes(scene: &Scene, solid: NodeId, unusable: &mut Vec<Unusable>) -> Vec<BoundingShape> {
    let mut out = Vec::new();
    if let Some(bounding) = scene.sf_node(solid, "boundingObject") {
        collect(scene, bounding, Isometry3::identity(), scene.is_pre_r2022a(), &mut out, unusable, 0);
    }
    out
}

fn collect(
    scene: &Scene,
    node: NodeId,
    pose: Isometry3<f64>,
    legacy: bool,
    out: &mut Vec<BoundingShape>,
    unusable: &mut Vec<Unusable>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    match scene.type_name(node) {
        "Shape" => {
            if let Some(g) = scene.sf_node(node, "geometry") {
                collect(scene, g, pose, legacy, out, unusable, depth + 1);
            }
        }
        "Pose" | "Transform" | "Group" => {
            let here = match scene.type_name(node) {
                "Group" => pose,
                _ => pose * local_pose(scene, node),
            };
            for child in scene.mf_node(node, "children") {
                collect(scene, child, here, legacy, out, unusable, depth + 1);
            }
        }
        _ => match geometry(scene, node, legacy) {
            Some(Ok((shape, local))) => out.push(BoundingShape { shape, pose: pose * local, node }),
            Some(Err(why)) => unusable.push(Unusable { node, why }),
            None => {}
        },
    }
}

/// A Pose or Transform node's own translation and rotation (a scale inside a bounding object is not
/// applied).
fn local_pose(scene: &Scene, node: NodeId) -> Isometry3<f64> {
    let t = scene.sf_vec3(node, "translation");
    Isometry3::from_parts(
        Translation3::new(t[0], t[1], t[2]),
        rotation_from_axis_angle(scene.sf_rotation(node, "rotation")),
    )
}

/// A geometry node as a parry shape and the pose of that shape in the node's frame: `None` for a node
/// that is not a geometry, `Some(Err(why))` for one that gives no shape. parry's round shapes have
/// their axis along y; Webots' along z since R2022a (y before).
fn geometry(scene: &Scene, node: NodeId, legacy: bool) -> Option<Result<(SharedShape, Isometry3<f64>), String>> {
    let y_to_axis =
        if legacy { Isometry3::identity() } else { Isometry3::rotation(Vector3::x() * std::f64::consts::FRAC_PI_2) };
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let round_why = || {
        let t = scene.type_name(node);
        format!("'height' and 'radius' must be positive for a {t} used in a 'boundingObject'.")
    };
    // Cylinder, Capsule and Cone: a height and a radius, standing along the world file's up axis
    let round = |radius: f64, make: fn(f64, f64) -> SharedShape| {
        let height = scene.sf_float(node, "height");
        (positive(height) && positive(radius)).then(|| (make(height / 2.0, radius), y_to_axis)).ok_or_else(round_why)
    };
    let at_origin = |shape: SharedShape| (shape, Isometry3::identity());
    Some(match scene.type_name(node) {
        "Box" => {
            let s = scene.sf_vec3(node, "size");
            s.iter()
                .all(|v| positive(*v))
                .then(|| at_origin(SharedShape::cuboid(s[0] / 2.0, s[1] / 2.0, s[2] / 2.0)))
                .ok_or_else(|| "All 'size' components must be positive for a Box used in a 'boundingObject'.".into())
        }
        "Sphere" => {
            let r = scene.sf_float(node, "radius");
            positive(r)
                .then(|| at_origin(SharedShape::ball(r)))
                .ok_or_else(|| "'radius' must be positive for a Sphere used in a 'boundingObject'.".into())
        }
        "Cylinder" => round(scene.sf_float(node, "radius"), SharedShape::cylinder),
        "Capsule" => round(scene.sf_float(node, "radius"), SharedShape::capsule_y),
        "Cone" => round(scene.sf_float(node, "bottomRadius"), SharedShape::cone),
        "Plane" => {
            let normal = if legacy { PVector::Y } else { PVector::Z };
            Ok(at_origin(SharedShape::halfspace(normal)))
        }
        "IndexedFaceSet" => mesh(scene, node)
            .map(at_origin)
            .ok_or_else(|| "An IndexedFaceSet used in a 'boundingObject' needs at least one valid face.".into()),
        "ElevationGrid" => crate::world::geometry::surfaces::elevation_grid(scene, node, legacy),
        "Mesh" => crate::world::geometry::surfaces::mesh_file(scene, node).map(at_origin),
        _ => return None,
    })
}

/// An IndexedFaceSet's faces (each polygon fanned into triangles) as a triangle mesh.
fn mesh(scene: &Scene, node: NodeId) -> Option<SharedShape> {
    let coord = scene.sf_node(node, "coord")?;
    let points: Vec<PVector> = scene.mf_vec3(coord, "point").into_iter().map(PVector::from_array).collect();
    let index = match scene.field(node, "coordIndex") {
        Some(FieldValue::MFInt32(v)) => v.clone(),
        _ => Vec::new(),
    };
    let mut triangles = Vec::new();
    for face in index.split(|&i| i < 0) {
        let valid = face.iter().all(|&i| (i as usize) < points.len());
        if face.len() < 3 || !valid {
            continue;
        }
        for k in 1..face.len() - 1 {
            triangles.push([face[0] as u32, face[k] as u32, face[k + 1] as u32]);
        }
    }
    if triangles.is_empty() {
        return None;
    }
    SharedShape::trimesh(points, triangles).ok()
}

/// A geometry node seen by a camera, as a parry shape and its pose in the node's frame: as in a
/// bounding object, except that a Plane is its finite rectangle of `size`. `None` for a node that is
/// not a geometry this crate models, or a degenerate one.
pub fn visual_geometry(scene: &Scene, node: NodeId) -> Option<(SharedShape, Isometry3<f64>)> {
    if scene.type_name(node) == "Plane" {
        let [x, y] = scene.sf_vec2(node, "size");
        let thin = 1e-6;
        return (x > 0.0 && y > 0.0).then(|| {
            let shape = if scene.is_pre_r2022a() {
                SharedShape::cuboid(x / 2.0, thin, y / 2.0)
            } else {
                SharedShape::cuboid(x / 2.0, y / 2.0, thin)
            };
            (shape, Isometry3::identity())
        });
    }
    geometry(scene, node, scene.is_pre_r2022a())?.ok()
}
