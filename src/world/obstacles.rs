//! Solids' bounding objects as collision shapes (parry3d), for the questions devices ask of the
//! world's geometry: does anything block the segment between two points?

use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use parry3d_f64::bounding_volume::Aabb;
use parry3d_f64::query::{Ray, RayCast};
use parry3d_f64::shape::SharedShape;

use super::scene::{rotation_from_axis_angle, FieldValue, NodeId, Scene};

#[derive(Clone)]
struct Obstacle {
    shape: SharedShape,
    pose: Isometry3<f64>,
    aabb: Aabb,
    /// The robot the solid belongs to, if any.
    robot: Option<NodeId>,
}

#[derive(Clone, Default)]
pub struct Obstacles {
    list: Vec<Obstacle>,
}

impl Obstacles {
    /// Every Solid's `boundingObject` (Box, Sphere, Cylinder, Capsule, Cone, Plane, IndexedFaceSet,
    /// possibly in a Shape, Pose/Transform or Group) at its current pose.
    pub fn from_scene(scene: &Scene) -> Obstacles {
        let legacy = scene.is_pre_r2022a();
        let mut list = Vec::new();
        for node in scene.preorder() {
            if !scene.is_solid(node) {
                continue;
            }
            let Some(bounding) = scene.sf_node(node, "boundingObject") else { continue };
            let robot = scene.robot_of(node);
            let solid_pose = scene.global_pose(node);
            collect(scene, bounding, solid_pose, legacy, robot, &mut list, 0);
        }
        Obstacles { list }
    }

    /// Whether the segment `from`–`to` meets an obstacle, ignoring the solids of the robots in
    /// `ignored`.
    pub fn blocks(&self, from: &Point3<f64>, to: &Point3<f64>, ignored: &[Option<NodeId>]) -> bool {
        let ray = Ray::new(*from, to - from);
        self.list.iter().any(|o| {
            !(o.robot.is_some() && ignored.contains(&o.robot))
                && o.aabb.intersects_local_ray(&ray, 1.0)
                && o.shape.intersects_ray(&o.pose, &ray, 1.0)
        })
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

const MAX_DEPTH: usize = 32;

fn collect(
    scene: &Scene,
    node: NodeId,
    pose: Isometry3<f64>,
    legacy: bool,
    robot: Option<NodeId>,
    out: &mut Vec<Obstacle>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let here = match scene.type_name(node) {
        "Pose" | "Transform" => pose * local_pose(scene, node),
        _ => pose,
    };
    match scene.type_name(node) {
        "Shape" => {
            if let Some(g) = scene.sf_node(node, "geometry") {
                collect(scene, g, here, legacy, robot, out, depth + 1);
            }
        }
        "Pose" | "Transform" | "Group" => {
            for child in scene.mf_node(node, "children") {
                collect(scene, child, here, legacy, robot, out, depth + 1);
            }
        }
        _ => {
            if let Some((shape, local)) = geometry(scene, node, legacy) {
                let pose = here * local;
                let aabb = shape.compute_aabb(&pose);
                out.push(Obstacle { shape, pose, aabb, robot });
            }
        }
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

/// A geometry node as a parry shape and the pose of that shape in the node's frame. parry's round
/// shapes have their axis along y; Webots' along z since R2022a (y before).
fn geometry(scene: &Scene, node: NodeId, legacy: bool) -> Option<(SharedShape, Isometry3<f64>)> {
    let y_to_axis =
        if legacy { Isometry3::identity() } else { Isometry3::rotation(Vector3::x() * std::f64::consts::FRAC_PI_2) };
    let positive = |v: f64| v.is_finite() && v > 0.0;
    // Cylinder, Capsule and Cone: a height and a radius, standing along the world file's up axis
    let round = |radius: f64, make: fn(f64, f64) -> SharedShape| {
        let height = scene.sf_float(node, "height");
        (positive(height) && positive(radius)).then(|| (make(height / 2.0, radius), y_to_axis))
    };
    match scene.type_name(node) {
        "Box" => {
            let s = scene.sf_vec3(node, "size");
            s.iter()
                .all(|v| positive(*v))
                .then(|| (SharedShape::cuboid(s[0] / 2.0, s[1] / 2.0, s[2] / 2.0), Isometry3::identity()))
        }
        "Sphere" => {
            let r = scene.sf_float(node, "radius");
            positive(r).then(|| (SharedShape::ball(r), Isometry3::identity()))
        }
        "Cylinder" => round(scene.sf_float(node, "radius"), SharedShape::cylinder),
        "Capsule" => round(scene.sf_float(node, "radius"), SharedShape::capsule_y),
        "Cone" => round(scene.sf_float(node, "bottomRadius"), SharedShape::cone),
        "Plane" => {
            let normal = if legacy { Vector3::y() } else { Vector3::z() };
            Some((SharedShape::halfspace(nalgebra::Unit::new_normalize(normal)), Isometry3::identity()))
        }
        "IndexedFaceSet" => mesh(scene, node).map(|m| (m, Isometry3::identity())),
        _ => None,
    }
}

/// An IndexedFaceSet's faces (each polygon fanned into triangles) as a triangle mesh.
fn mesh(scene: &Scene, node: NodeId) -> Option<SharedShape> {
    let coord = scene.sf_node(node, "coord")?;
    let points: Vec<Point3<f64>> = scene.mf_vec3(coord, "point").into_iter().map(Point3::from).collect();
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
    (!triangles.is_empty()).then(|| SharedShape::trimesh(points, triangles))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn obstacles(body: &str) -> (Scene, Obstacles) {
        let text = format!("#VRML_SIM R2025a utf8\n{body}");
        let scene = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let o = Obstacles::from_scene(&scene);
        (scene, o)
    }

    fn p(x: f64, y: f64, z: f64) -> Point3<f64> {
        Point3::new(x, y, z)
    }

    #[test]
    fn each_shape_blocks_a_segment_through_it_and_not_one_beside_it() {
        for geometry in [
            "Box { size 0.2 0.2 0.2 }",
            "Sphere { radius 0.1 }",
            "Cylinder { height 0.2 radius 0.1 }",
            "Capsule { height 0.2 radius 0.1 }",
            "Cone { height 0.2 bottomRadius 0.1 }",
            "IndexedFaceSet { coord Coordinate { point [ 0 -1 -1, 0 1 -1, 0 1 1, 0 -1 1 ] } coordIndex [ 0 1 2 3 -1 ] }",
        ] {
            let (_, o) = obstacles(&format!("Solid {{ translation 1 0 0 boundingObject {geometry} }}"));
            assert_eq!(o.len(), 1, "{geometry}");
            assert!(o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[]), "{geometry} should block");
            assert!(!o.blocks(&p(0.0, 3.0, 0.0), &p(2.0, 3.0, 0.0), &[]), "{geometry} should not block");
            assert!(!o.blocks(&p(0.0, 0.0, 0.0), &p(0.5, 0.0, 0.0), &[]), "{geometry}: segment stops short");
        }
    }

    #[test]
    fn cylinders_stand_along_z_in_new_worlds() {
        // a tall thin cylinder at x = 1: a horizontal segment at z = 0.4 still meets it
        let (_, o) = obstacles("Solid { translation 1 0 0 boundingObject Cylinder { height 1 radius 0.05 } }");
        assert!(o.blocks(&p(0.0, 0.0, 0.4), &p(2.0, 0.0, 0.4), &[]));
        assert!(!o.blocks(&p(0.0, 0.4, 0.0), &p(2.0, 0.4, 0.0), &[]));
    }

    #[test]
    fn nested_poses_shapes_and_groups_are_followed() {
        let (_, o) = obstacles(
            "Solid { translation 0 5 0 boundingObject Group { children [ Pose { translation 1 0 0 children [ Shape { geometry Box { size 0.1 0.1 0.1 } } ] } ] } }",
        );
        assert!(o.blocks(&p(1.0, 4.0, 0.0), &p(1.0, 6.0, 0.0), &[]));
        assert!(!o.blocks(&p(0.0, 4.0, 0.0), &p(0.0, 6.0, 0.0), &[]));
    }

    #[test]
    fn a_robots_own_solids_can_be_ignored() {
        let (scene, o) = obstacles(
            "Robot { name \"r\" children [ Solid { translation 1 0 0 boundingObject Box { size 0.2 0.2 0.2 } } ] }",
        );
        let robot = scene.robots()[0];
        assert!(o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[]));
        assert!(!o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[Some(robot)]));
    }

    #[test]
    fn degenerate_geometry_is_skipped() {
        let (_, o) =
            obstacles("Solid { boundingObject Box { size 0 1 1 } } Solid { boundingObject Sphere { radius -1 } }");
        assert!(o.is_empty());
    }
}
