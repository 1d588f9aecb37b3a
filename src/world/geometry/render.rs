//! The cameras' view of the world: every visual Shape (not the bounding objects) as a parry shape at
//! its current pose with one flat colour, in a bounding-volume hierarchy, and a ray query against it.
//! Colours are unlit: a Material's diffuse plus emissive colour, a PBRAppearance's base plus emissive
//! colour, white without either. Pixels are rendered by casting one ray each (no rasterizer).
//! A Billboard's children follow the Viewpoint, as in Webots: its frame is the Viewpoint's (position
//! and orientation), so they look the same from wherever the Viewpoint is.

use nalgebra::{Isometry3, Point3, Vector3};
use parry3d_f64::bounding_volume::Aabb;
use parry3d_f64::math::{Pose, Vector as PVector};
use parry3d_f64::partitioning::{Bvh, BvhBuildStrategy};
use parry3d_f64::query::Ray;
use parry3d_f64::shape::SharedShape;

use crate::world::geometry::convert::{na_vector, point, pose as engine_pose, vector};
use crate::world::geometry::shading::Surface;
use crate::world::geometry::shapes::visual_geometry;
use crate::world::geometry::viewpoint_image;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// One visual shape.
pub struct Item {
    pub shape: SharedShape,
    pub pose: Isometry3<f64>,
    /// `pose` as parry takes it.
    at: Pose,
    /// RGB in [0, 1].
    pub color: [f64; 3],
    /// The nearest Solid above the Shape.
    pub solid: Option<NodeId>,
    /// The appearance's transparency: a fully transparent shape (1) is not drawn, nor seen by range
    /// finders and lidars (a partly transparent one is).
    pub transparency: f64,
    /// How it is lit (`shading.rs`).
    pub surface: Surface,
    /// The Shape node.
    pub node: NodeId,
    /// A Plane's front normal (world frame): Webots' ray picking meets a Plane from its front only.
    pub front: Option<Vector3<f64>>,
}

pub struct VisualScene {
    items: Vec<Item>,
    bvh: Bvh,
    /// The first sky colour of the Background node (black without one).
    pub background: [f64; 3],
}

/// How deep grouping nodes are followed.
const MAX_DEPTH: usize = 64;

/// From this many pixels, an image's rows are cast on rayon's threads: a ray costs about 0.25 µs
/// (release build), handing rows over about 0.04 ms, so a 128 × 128 image (4 ms) gains and the small
/// ones (a 1-pixel camera, a 64 × 64 thumbnail) stay on the world's thread.
const PARALLEL_PIXELS: i32 = 128 * 128;

/// A `width` × `height` picture, RGB rows top to bottom, each pixel `pixel(i, j)` (a pure function
/// of its place, so the picture is the same whichever thread casts which row).
pub fn pixels(width: i32, height: i32, pixel: impl Fn(i32, i32) -> [u8; 3] + Sync) -> Vec<u8> {
    use rayon::prelude::*;
    let (w, h) = (width.max(0), height.max(0));
    let mut rgb = vec![0u8; (w as usize) * (h as usize) * 3];
    if w == 0 || h == 0 {
        return rgb;
    }
    let row = |(j, out): (usize, &mut [u8])| {
        for (i, p) in out.chunks_exact_mut(3).enumerate() {
            p.copy_from_slice(&pixel(i as i32, j as i32));
        }
    };
    if w.saturating_mul(h) >= PARALLEL_PIXELS {
        rgb.par_chunks_mut(w as usize * 3).enumerate().for_each(row);
    } else {
        rgb.chunks_mut(w as usize * 3).enumerate().for_each(row);
    }
    rgb
}

impl VisualScene {
    pub fn build(scene: &Scene) -> VisualScene {
        let mut items = Vec::new();
        let mut background = [0.0; 3];
        for &root in &scene.roots {
            collect(scene, root, None, None, &mut items, 0);
            if scene.type_name(root) == "Background" {
                if let Some(c) = scene.mf_vec3(root, "skyColor").first() {
                    background = *c;
                }
            }
        }
        let aabbs: Vec<Aabb> = items.iter().map(|i| i.shape.compute_aabb(&i.at)).collect();
        let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &aabbs);
        VisualScene { items, bvh, background }
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The nearest shape along the unit `direction` from `origin` within `max`, ignoring shapes that
    /// contain `origin` (seen from inside, a surface faces away, as with culled back faces): its index
    /// and distance.
    pub fn cast(&self, origin: &Point3<f64>, direction: &Vector3<f64>, max: f64) -> Option<(usize, f64)> {
        let ray = Ray::new(point(origin), vector(direction));
        let (leaf, toi) = self.bvh.cast_ray(&ray, max, |leaf, best| {
            let item = self.items.get(leaf as usize).filter(|i| i.transparency < 1.0)?;
            let toi = item.shape.cast_ray(&item.at, &ray, best, true)?;
            (toi > 0.0).then_some(toi)
        })?;
        Some((leaf as usize, toi))
    }

    /// `cast`, with the outward unit normal of the surface hit.
    pub fn cast_normal(
        &self,
        origin: &Point3<f64>,
        direction: &Vector3<f64>,
        max: f64,
    ) -> Option<(usize, f64, Vector3<f64>)> {
        let (item, toi) = self.cast(origin, direction, max)?;
        let i = &self.items[item];
        let ray = Ray::new(point(origin), vector(direction));
        let normal = i
            .shape
            .cast_ray_and_get_normal(&i.at, &ray, toi + 1e-9, true)
            .map_or(-*direction, |hit| na_vector(hit.normal));
        Some((item, toi, normal))
    }

    /// `cast` as Webots' ray picking sees the Shapes (infra-red distance sensors): a Plane only from its
    /// front side.
    pub fn pick(&self, origin: &Point3<f64>, direction: &Vector3<f64>, max: f64) -> Option<(usize, f64)> {
        let ray = Ray::new(point(origin), vector(direction));
        let (leaf, toi) = self.bvh.cast_ray(&ray, max, |leaf, best| {
            let item = self.items.get(leaf as usize).filter(|i| i.transparency < 1.0)?;
            let toi = match item.front {
                Some(n) if n.dot(direction) >= 0.0 => return None,
                // a Plane is drawn as a thin box: the distance is to its mid-plane
                Some(n) => {
                    item.shape.cast_ray(&item.at, &ray, best, true)?;
                    n.dot(&(item.pose.translation.vector - origin.coords)) / n.dot(direction)
                }
                None => item.shape.cast_ray(&item.at, &ray, best, true)?,
            };
            (toi > 0.0 && toi <= best).then_some(toi)
        })?;
        Some((leaf as usize, toi))
    }
}

fn collect(
    scene: &Scene,
    node: NodeId,
    solid: Option<NodeId>,
    billboard: Option<NodeId>,
    out: &mut Vec<Item>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    if scene.type_name(node) == "Shape" {
        if let Some(mut item) = shape_item(scene, node, solid) {
            if let Some(b) = billboard {
                // from the Billboard's frame to the Viewpoint's
                item.pose = viewpoint_image::viewpoint_pose(scene) * scene.global_pose(b).inverse() * item.pose;
                item.at = engine_pose(&item.pose);
            }
            out.push(item);
        }
        return;
    }
    let solid = if scene.is_solid(node) { Some(node) } else { solid };
    let billboard = if billboard.is_none() && scene.type_name(node) == "Billboard" { Some(node) } else { billboard };
    let Some(n) = scene.node(node) else { return };
    for f in &n.fields {
        // what collides is not what is seen; a Physics node holds nothing visible
        if matches!(f.name.as_str(), "boundingObject" | "physics" | "appearance" | "geometry") {
            continue;
        }
        match &f.value {
            FieldValue::SFNode(Some(c)) => collect(scene, *c, solid, billboard, out, depth + 1),
            FieldValue::MFNode(list) => list.iter().for_each(|c| collect(scene, *c, solid, billboard, out, depth + 1)),
            _ => {}
        }
    }
}

fn shape_item(scene: &Scene, shape: NodeId, solid: Option<NodeId>) -> Option<Item> {
    let geometry = scene.sf_node(shape, "geometry")?;
    let (mut parry, local) = visual_geometry(scene, geometry)?;
    // the frame above the Shape, its scale applied to the shape
    let frame = scene.global_pose(shape);
    let m = scene.global_transform(shape);
    let scale = Vector3::new(
        m.fixed_view::<3, 1>(0, 0).norm(),
        m.fixed_view::<3, 1>(0, 1).norm(),
        m.fixed_view::<3, 1>(0, 2).norm(),
    );
    if (scale - Vector3::repeat(1.0)).norm() > 1e-9 {
        parry = scaled(parry, &scale)?;
    }
    let mut pose = frame * local;
    pose.translation.vector = m.transform_point(&Point3::from(local.translation.vector)).coords;
    let (transparency, surface) = (transparency(scene, shape), Surface::of(scene, shape));
    let front = (scene.type_name(geometry) == "Plane").then(|| {
        let up = if scene.is_pre_r2022a() { Vector3::y() } else { Vector3::z() };
        m.fixed_view::<3, 3>(0, 0) * up
    });
    let front = front.and_then(|n| n.try_normalize(1e-12));
    Some(Item {
        shape: parry,
        at: engine_pose(&pose),
        pose,
        color: color(scene, shape),
        solid,
        transparency,
        surface,
        node: shape,
        front,
    })
}

/// A shape under a scale: exact for boxes, the scales' geometric mean for the other shapes.
fn scaled(shape: SharedShape, scale: &Vector3<f64>) -> Option<SharedShape> {
    if let Some(b) = shape.as_cuboid() {
        return Some(SharedShape::cuboid(
            b.half_extents.x * scale.x,
            b.half_extents.y * scale.y,
            b.half_extents.z * scale.z,
        ));
    }
    let k = (scale.x * scale.y * scale.z).abs().cbrt();
    if !(k.is_finite() && k > 0.0) {
        return None;
    }
    if let Some(s) = shape.as_ball() {
        return Some(SharedShape::ball(s.radius * k));
    }
    if let Some(c) = shape.as_cylinder() {
        return Some(SharedShape::cylinder(c.half_height * k, c.radius * k));
    }
    if let Some(c) = shape.as_cone() {
        return Some(SharedShape::cone(c.half_height * k, c.radius * k));
    }
    if let Some(c) = shape.as_capsule() {
        return Some(SharedShape::capsule_y(c.half_height() * k, c.radius * k));
    }
    if let Some(t) = shape.as_trimesh() {
        let points: Vec<PVector> =
            t.vertices().iter().map(|p| PVector::new(p.x * scale.x, p.y * scale.y, p.z * scale.z)).collect();
        return SharedShape::trimesh(points, t.indices().to_vec()).ok();
    }
    Some(shape)
}

/// The Shape's flat colour.
pub fn color(scene: &Scene, shape: NodeId) -> [f64; 3] {
    let add = |a: [f64; 3], b: [f64; 3], k: f64| [a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2]];
    let c = match scene.sf_node(shape, "appearance") {
        Some(a) if scene.type_name(a) == "PBRAppearance" => add(
            scene.sf_vec3(a, "baseColor"),
            scene.sf_vec3(a, "emissiveColor"),
            scene.sf_float(a, "emissiveIntensity"),
        ),
        Some(a) => match scene.sf_node(a, "material") {
            Some(m) => add(scene.sf_vec3(m, "diffuseColor"), scene.sf_vec3(m, "emissiveColor"), 1.0),
            None => [1.0; 3],
        },
        None => [1.0; 3],
    };
    c.map(|v| v.clamp(0.0, 1.0))
}

/// The transparency of the Shape's Material or PBRAppearance (0 without either).
pub fn transparency(scene: &Scene, shape: NodeId) -> f64 {
    match scene.sf_node(shape, "appearance") {
        Some(a) if scene.type_name(a) == "PBRAppearance" => scene.sf_float(a, "transparency"),
        Some(a) => scene.sf_node(a, "material").map_or(0.0, |m| scene.sf_float(m, "transparency")),
        None => 0.0,
    }
}
