//! Whether a Solid is in a device's detection frustum, and the box it occupies there: Webots' rule for
//! radar targets and recognized objects. The frustum is four side planes through the device (to the
//! corners at `maxRange`) and the device's own plane; the Solid's bounding objects (and those of the
//! Solids below it) are tested one primitive at a time: boxes, meshes and other shapes by their corner
//! points (points outside a side plane are moved onto it, so the box is clipped to the frustum), spheres,
//! cylinders and capsules by their centre and extent. A Solid without any bounding object below it is
//! tested as the sphere around its visual shapes (a point at its origin without any). The visible primitives' boxes merge into one, in the
//! device's frame (x forward, y left, z up); beyond `maxRange` plus half its depth the Solid is not seen.

use nalgebra::{Isometry3, Point3, Vector3};
use parry3d_f64::bounding_volume::{BoundingSphere, BoundingVolume};

use crate::world::geometry::convert::{na_point, pose as engine_pose};
use crate::world::geometry::render::VisualScene;
use crate::world::geometry::shapes::bounding_shapes;
use crate::world::scene::{NodeId, Scene};

const RIGHT: usize = 0;
const BOTTOM: usize = 1;
const LEFT: usize = 2;
const TOP: usize = 3;

/// A device's detection frustum, in its own frame.
pub struct Frustum {
    pub pose: Isometry3<f64>,
    /// Unit normals of the right, bottom, left and top planes (through the device), inwards.
    normals: [Vector3<f64>; 4],
    /// A horizontal field of view wider than a half turn.
    omni: bool,
    /// Whether a partly visible round shape is cut to its visible part (fields of view up to 90°).
    trims: bool,
    max_range: f64,
}

/// What the device sees of a Solid: the centre and size of its visible box, device frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Detection {
    pub position: Vector3<f64>,
    pub size: Vector3<f64>,
    /// Seen through spheres only (sphere bounding objects, or the sphere around the visual shapes):
    /// Webots then aims 6 occlusion rays at it rather than 8.
    pub spheres_only: bool,
}

impl Detection {
    fn merge(&mut self, other: &Detection) {
        let lo = (self.position - self.size / 2.0).inf(&(other.position - other.size / 2.0));
        let hi = (self.position + self.size / 2.0).sup(&(other.position + other.size / 2.0));
        self.position = (lo + hi) / 2.0;
        self.size = hi - lo;
        self.spheres_only &= other.spheres_only;
    }

    /// The distance Webots measures to it (its box's centre).
    pub fn distance(&self) -> f64 {
        self.position.norm()
    }

    /// The eight corners of its box, device frame.
    pub fn corners(&self) -> impl Iterator<Item = Vector3<f64>> + '_ {
        (0..8).map(move |k| {
            let s = |bit: usize, v: f64| if k & bit == 0 { -v / 2.0 } else { v / 2.0 };
            self.position + Vector3::new(s(1, self.size.x), s(2, self.size.y), s(4, self.size.z))
        })
    }
}

impl Frustum {
    /// The frustum of a device at `pose` with these fields of view (radians) and range; `planar` for a
    /// planar camera (whose corners stay planar whatever its field of view).
    pub fn new(pose: Isometry3<f64>, hfov: f64, vfov: f64, max_range: f64, planar: bool) -> Frustum {
        let (hx, hy) = (hfov / 2.0, vfov / 2.0);
        let r = max_range;
        let (x, y, z) = if planar || hx < std::f64::consts::FRAC_PI_2 {
            (r, r * hx.tan(), r * hy.tan())
        } else {
            // a wide device: the corner at the top left of its spherical field of view
            let y = if hy > std::f64::consts::FRAC_PI_4 { -r * hy.sin() * hx.sin() } else { r * hy.cos() * hx.sin() };
            (r * hy.cos() * hx.cos(), y, r * hy.sin())
        };
        let (tr, tl) = (Vector3::new(x, -y, z), Vector3::new(x, y, z));
        let (br, bl) = (Vector3::new(x, -y, -z), Vector3::new(x, y, -z));
        let unit = |v: Vector3<f64>| v.try_normalize(1e-15).unwrap_or_else(Vector3::x);
        let mut normals = [Vector3::zeros(); 4];
        normals[RIGHT] = unit(tr.cross(&br));
        normals[BOTTOM] = unit(br.cross(&bl));
        normals[LEFT] = unit(bl.cross(&tl));
        normals[TOP] = unit(tl.cross(&tr));
        let omni = hfov > std::f64::consts::PI;
        Frustum { pose, normals, omni, trims: !omni && hfov <= std::f64::consts::FRAC_PI_2, max_range }
    }

    /// What the device sees of `solid` (with the Solids below it), `None` when it is out of the frustum.
    pub fn detect(&self, scene: &Scene, view: &VisualScene, solid: NodeId) -> Option<Detection> {
        let mut seen: Option<Detection> = None;
        let mut solids = vec![solid];
        solids_below(scene, solid, &mut solids);
        for s in solids {
            for primitive in self.primitives(scene, view, s, seen.is_none()) {
                if let Some(d) = self.test(&primitive) {
                    match &mut seen {
                        Some(all) => all.merge(&d),
                        None => seen = Some(d),
                    }
                }
            }
        }
        let seen = seen?;
        (seen.distance() <= self.max_range + seen.size.x / 2.0).then_some(seen)
    }

    /// The primitives of Solid `s`'s bounding object in the device frame; without one, while nothing is
    /// seen yet and no Solid below has one, the sphere around its visual shapes.
    fn primitives(&self, scene: &Scene, view: &VisualScene, s: NodeId, first: bool) -> Vec<Primitive> {
        let to_device = self.pose.inverse() * scene.global_pose(s);
        let shapes = bounding_shapes(scene, s, &mut Vec::new());
        if shapes.is_empty() {
            if !first || has_bounding_object_below(scene, s) {
                return Vec::new();
            }
            // a Solid without shapes is a point at its origin
            let (center, radius) = visual_sphere(scene, view, s).map_or_else(
                || (Point3::from(to_device.translation.vector), 0.0),
                |b| (self.pose.inverse_transform_point(&na_point(b.center())), b.radius()),
            );
            return vec![Primitive::Round { center, size: Vector3::repeat(2.0 * radius), sphere: true }];
        }
        shapes
            .iter()
            .map(|b| {
                let at = to_device * b.pose;
                let center = Point3::from(at.translation.vector);
                if let Some(ball) = b.shape.as_ball() {
                    return Primitive::Round { center, size: Vector3::repeat(2.0 * ball.radius), sphere: true };
                }
                let round = match (b.shape.as_cylinder(), b.shape.as_capsule()) {
                    (Some(c), _) => Some((2.0 * c.half_height, c.radius)),
                    (_, Some(c)) => Some((2.0 * c.half_height() + 2.0 * c.radius, c.radius)),
                    _ => None,
                };
                if let Some((height, radius)) = round {
                    // the axis (parry's y) in the device frame: the extent along each device axis
                    let axis = at.rotation * Vector3::y();
                    let extent = |a: f64| a.abs() * height + 2.0 * radius * (1.0 - a * a).max(0.0).sqrt();
                    return Primitive::Round {
                        center,
                        size: Vector3::new(extent(axis.x), extent(axis.y), extent(axis.z)),
                        sphere: false,
                    };
                }
                if let Some(mesh) = b.shape.as_trimesh() {
                    return Primitive::Points(mesh.vertices().iter().map(|v| at * na_point(*v)).collect());
                }
                let local = b.shape.compute_local_aabb();
                let (lo, hi) = (na_point(local.mins), na_point(local.maxs));
                Primitive::Points(
                    (0..8)
                        .map(|k| {
                            let pick = |bit: usize, a: f64, b: f64| if k & bit == 0 { a } else { b };
                            at * Point3::new(pick(1, lo.x, hi.x), pick(2, lo.y, hi.y), pick(4, lo.z, hi.z))
                        })
                        .collect(),
                )
            })
            .collect()
    }

    fn test(&self, primitive: &Primitive) -> Option<Detection> {
        match primitive {
            Primitive::Points(points) => self.test_points(points),
            Primitive::Round { center, size, sphere } => {
                self.test_round(center, size).map(|d| Detection { spheres_only: *sphere, ..d })
            }
        }
    }

    /// Corner points: those outside a side plane are moved onto it; a shape with no corner inside must
    /// cross the frustum from side to side (or top to bottom) to be seen.
    fn test_points(&self, points: &[Point3<f64>]) -> Option<Detection> {
        let mut kept: Vec<Vector3<f64>> = Vec::new();
        let mut behind: Vec<Vector3<f64>> = Vec::new();
        let (mut inside_count, mut outside, mut correct) = (0, [false; 4], [false; 4]);
        for p in points {
            let mut p = p.coords;
            let inside;
            if self.omni {
                if p.x > 0.0 {
                    inside = true;
                    correct = [true; 4];
                } else {
                    let distances = self.normals.map(|n| n.dot(&p));
                    inside = distances.iter().any(|&d| d < 0.0);
                    if inside {
                        correct = [true; 4];
                    } else {
                        outside = [true; 4];
                        let nearest = (0..4).min_by(|&a, &b| distances[a].total_cmp(&distances[b])).unwrap_or(0);
                        p -= self.normals[nearest] * distances[nearest];
                    }
                }
            } else if p.x > 0.0 {
                let mut all_in = true;
                for (j, n) in self.normals.iter().enumerate() {
                    let d = n.dot(&p);
                    if d < 0.0 {
                        p -= n * d;
                        outside[j] = true;
                        all_in = false;
                    } else {
                        correct[j] = true;
                    }
                }
                inside = all_in;
            } else {
                behind.push(p);
                continue;
            }
            if inside {
                inside_count += 1;
            }
            kept.push(p);
        }
        if kept.is_empty() {
            return None;
        }
        if inside_count == 0 {
            let across = outside[RIGHT] && outside[LEFT] && correct[BOTTOM] && correct[TOP];
            let through = outside[BOTTOM] && outside[TOP] && correct[RIGHT] && correct[LEFT];
            if !across && !through {
                return None;
            }
        }
        kept.extend(behind);
        let lo = kept.iter().fold(kept[0], |a, p| a.inf(p));
        let hi = kept.iter().fold(kept[0], |a, p| a.sup(p));
        Some(Detection { position: (lo + hi) / 2.0, size: hi - lo, spheres_only: false })
    }

    /// A round shape by its centre: out when wholly beyond a side plane; the part beyond is cut off
    /// (narrow devices only).
    fn test_round(&self, center: &Point3<f64>, size: &Vector3<f64>) -> Option<Detection> {
        let c = center.coords;
        let half = |j: usize| size[j % 2 + 1] / 2.0;
        let mut beyond = [0.0; 4];
        if self.omni {
            if c.x < 0.0 && !(0..4).any(|j| self.normals[j].dot(&c) < -half(j)) {
                return None;
            }
        } else {
            for (j, (n, part)) in self.normals.iter().zip(beyond.iter_mut()).enumerate() {
                let d = n.dot(&c);
                if d < -half(j) {
                    return None;
                }
                if d < half(j) {
                    *part = half(j) - d;
                }
            }
        }
        let (mut position, mut size) = (c, *size);
        if self.trims {
            size.y -= beyond[RIGHT] + beyond[LEFT];
            size.z -= beyond[BOTTOM] + beyond[TOP];
            position += 0.5 * Vector3::new(0.0, beyond[RIGHT] - beyond[LEFT], beyond[BOTTOM] - beyond[TOP]);
        }
        Some(Detection { position, size, spheres_only: true })
    }
}

enum Primitive {
    /// Corner points (or vertices), device frame.
    Points(Vec<Point3<f64>>),
    /// A sphere, cylinder or capsule: its centre, its extent along the device's axes, and whether it is
    /// a sphere.
    Round { center: Point3<f64>, size: Vector3<f64>, sphere: bool },
}

/// The Solids below `solid` (not itself), depth first.
pub fn solids_below(scene: &Scene, solid: NodeId, out: &mut Vec<NodeId>) {
    for child in scene.children(solid) {
        if Some(child) == scene.sf_node(solid, "boundingObject") || Some(child) == scene.sf_node(solid, "physics") {
            continue;
        }
        if scene.is_solid(child) {
            out.push(child);
        }
        solids_below(scene, child, out);
    }
}

fn has_bounding_object_below(scene: &Scene, solid: NodeId) -> bool {
    let mut below = Vec::new();
    solids_below(scene, solid, &mut below);
    below.iter().any(|&s| scene.sf_node(s, "boundingObject").is_some())
}

/// The sphere around the visual shapes of `solid` (and those below it), world frame.
fn visual_sphere(scene: &Scene, view: &VisualScene, solid: NodeId) -> Option<BoundingSphere> {
    view.items()
        .iter()
        .filter(|i| i.solid.is_some_and(|s| s == solid || scene.path_to(s).contains(&solid)))
        .map(|i| i.shape.compute_bounding_sphere(&engine_pose(&i.pose)))
        .reduce(|a, b| a.merged(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frustum(hfov: f64, vfov: f64) -> Frustum {
        Frustum::new(Isometry3::identity(), hfov, vfov, 5.0, false)
    }

    #[test]
    fn side_planes_face_inwards() {
        let f = frustum(0.8, 0.1);
        let ahead = Vector3::new(1.0, 0.0, 0.0);
        assert!(f.normals.iter().all(|n| n.dot(&ahead) > 0.0));
        assert!(f.normals[LEFT].y < 0.0 && f.normals[RIGHT].y > 0.0);
        assert!(f.normals[TOP].z < 0.0 && f.normals[BOTTOM].z > 0.0);
    }

    #[test]
    fn a_sphere_whose_centre_is_just_outside_is_seen_cut_to_its_visible_part() {
        let f = frustum(0.8, 0.8);
        // 2 m ahead, the left plane is 2·tan(0.4) = 0.846 m to the left; the centre 0.1 m beyond it
        let y = 2.0 * 0.4f64.tan() + 0.1 / 0.4f64.cos();
        let d = f.test_round(&Point3::new(2.0, y, 0.0), &Vector3::repeat(0.5)).expect("partly inside");
        assert!(d.size.y < 0.5 && d.position.y < y);
        assert!(f.test_round(&Point3::new(2.0, y + 0.5, 0.0), &Vector3::repeat(0.5)).is_none());
    }

    #[test]
    fn a_bar_across_the_frustum_with_no_corner_inside_is_seen() {
        let f = frustum(0.8, 0.8);
        let bar = |z: f64| -> Vec<Point3<f64>> {
            [(-3.0, -0.05), (-3.0, 0.05), (3.0, -0.05), (3.0, 0.05)]
                .iter()
                .flat_map(|&(y, dz)| [Point3::new(2.0, y, z + dz), Point3::new(2.1, y, z + dz)])
                .collect()
        };
        assert!(f.test_points(&bar(0.0)).is_some());
        // the same bar above the frustum's top
        assert!(f.test_points(&bar(3.0)).is_none());
        // wholly behind
        let back: Vec<Point3<f64>> = bar(0.0).iter().map(|p| Point3::new(-p.x, p.y, p.z)).collect();
        assert!(f.test_points(&back).is_none());
    }
}
