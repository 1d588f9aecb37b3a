//! A camera's object recognition: every Solid whose `recognitionColors` is not empty (the camera's
//! robot and the Solids next to it aside) wholly or partly in the camera's frustum up to `maxRange`
//! (Webots' rule, `detection.rs`: its bounding objects and those of the Solids below it), and (with
//! `occlusion`) not hidden by another bounding object: with `occlusion` 1 on the way to its origin,
//! with 2 on every way to its box's corners (`occluded`). Its position is its visible box's centre in
//! the camera's frame, its size the box's extents along the camera's x and y (Webots' order), its place
//! and size on the image those of the
//! box's corners; the biggest on the image are kept when `maxObjects` limits them. The segmentation image
//! paints each pixel whose visual shape belongs to a Solid with recognition colours with its first colour.

use std::collections::HashMap;

use nalgebra::{Isometry3, Point3, Vector3};

use super::detection::{Detection, Frustum};
use crate::protocol::{CameraSetup, Projection, RecognizedObject};
use crate::world::geometry::rays::Rays;
use crate::world::geometry::render::VisualScene;
use crate::world::scene::{axis_angle_of, NodeId, Scene};
use crate::world::supervisor::fields::ref_id;

pub struct RecognitionParams {
    pub max_range: f64,
    pub max_objects: i32,
    pub occlusion: i32,
}

/// The recognized objects, and the segmentation image (BGRA) when `segmentation` is on.
#[allow(clippy::too_many_arguments)]
pub fn recognize(
    scene: &Scene,
    view: &VisualScene,
    rays: &Rays,
    camera: NodeId,
    pose: &Isometry3<f64>,
    setup: &CameraSetup,
    params: &RecognitionParams,
    segmentation: bool,
) -> (Vec<RecognizedObject>, Option<Vec<u8>>) {
    let own_robot = scene.robot_of(camera);
    // the robot's own Solids next to it (not deeper ones) are never recognized, as in Webots
    let mut own = Vec::new();
    if let Some(robot) = own_robot {
        own.push(robot);
        direct_solids(scene, robot, &mut own);
    }
    let planar = setup.projection == Projection::Planar;
    let (w, h) = (f64::from(setup.width.max(1)), f64::from(setup.height.max(1)));
    let vfov = if planar || setup.fov > std::f64::consts::PI {
        2.0 * ((setup.fov / 2.0).tan() * h / w).atan()
    } else {
        setup.fov * h / w
    };
    let frustum = Frustum::new(*pose, setup.fov, vfov, params.max_range, planar);
    let mut found: Vec<(NodeId, RecognizedObject)> = Vec::new();
    for solid in scene.preorder() {
        if !scene.is_solid(solid) || solid == camera || own.contains(&solid) {
            continue;
        }
        let colors = scene.mf_vec3(solid, "recognitionColors");
        if colors.is_empty() {
            continue;
        }
        let Some(seen) = frustum.detect(scene, view, solid) else { continue };
        let object_pose = scene.global_pose(solid);
        let ways = Ways { scene, rays, camera: pose, own_robot };
        if params.occlusion > 0 && ways.occluded(params.occlusion, &object_pose, solid, &seen) {
            continue;
        }
        // the box's corners on the image (and its centre for the round projections), whole pixels
        let mut corners: Vec<Vector3<f64>> = seen.corners().collect();
        if !planar {
            corners.push(seen.position);
        }
        let on_image: Vec<[f64; 2]> = corners.iter().map(|c| project(setup, c)).collect();
        let lo = on_image.iter().fold([w, h], |a, p| [a[0].min(p[0]), a[1].min(p[1])]);
        let hi = on_image.iter().fold([0.0f64, 0.0f64], |a, p| [a[0].max(p[0]), a[1].max(p[1])]);
        let size_on_image = [(hi[0] - lo[0]).ceil() as i32, (hi[1] - lo[1]).ceil() as i32];
        if size_on_image[0] < 1 || size_on_image[1] < 1 {
            continue;
        }
        let object = RecognizedObject {
            id: ref_id(solid),
            position: seen.position.into(),
            orientation: axis_angle_of(&(pose.rotation.inverse() * object_pose.rotation)),
            // Webots hands over the visible box's extents along the camera's x (depth) and y (left), its
            // pre-R2022a width and height: its own test expects them ((0.1, 0.9) for a bar lying across)
            size: [seen.size.x, seen.size.y],
            position_on_image: [((lo[0] + hi[0]) / 2.0).round() as i32, ((lo[1] + hi[1]) / 2.0).round() as i32],
            size_on_image,
            colors,
            model: scene.sf_string(solid, "model"),
        };
        found.push((solid, object));
    }
    if params.max_objects > 0 && found.len() > params.max_objects as usize {
        let area = |o: &RecognizedObject| i64::from(o.size_on_image[0]) * i64::from(o.size_on_image[1]);
        found.sort_by_key(|(_, o)| std::cmp::Reverse(area(o)));
        found.truncate(params.max_objects as usize);
    }
    let image = segmentation.then(|| segment(scene, view, pose, setup));
    (found.into_iter().map(|(_, o)| o).collect(), image)
}

/// What an occlusion ray needs: the scene, its bounding objects, the camera's pose and its robot (whose
/// Solids never hide anything from it).
struct Ways<'a> {
    scene: &'a Scene,
    rays: &'a Rays<'a>,
    camera: &'a Isometry3<f64>,
    own_robot: Option<NodeId>,
}

impl Ways<'_> {
    /// Webots' occlusion of `solid` (its origin at `object`, its box `seen` in the camera frame). Level 1:
    /// one ray to its origin, hidden when another Solid is hit more than half the object's depth before
    /// it. Level 2: a ray to each corner of its box (8, or the 6 ends of its axes when it is seen through
    /// spheres only), hidden only when every one is blocked, ray k by a hit more than half the box's size
    /// along axis k / 2 before its end (x for the last two). Webots aims these rays at the object's origin
    /// offset by the camera-frame half-sizes taken as world vectors, and reads past its size vector for
    /// the last two: evident slips, not reproduced.
    fn occluded(&self, level: i32, object: &Isometry3<f64>, solid: NodeId, seen: &Detection) -> bool {
        if level < 2 {
            return self.blocked(&Point3::from(object.translation.vector), solid, 0.5 * seen.size.x);
        }
        let h = seen.size / 2.0;
        let offsets: Vec<Vector3<f64>> = if seen.spheres_only {
            vec![
                Vector3::new(h.x, 0.0, 0.0),
                Vector3::new(-h.x, 0.0, 0.0),
                Vector3::new(0.0, h.y, 0.0),
                Vector3::new(0.0, -h.y, 0.0),
                Vector3::new(0.0, 0.0, h.z),
                Vector3::new(0.0, 0.0, -h.z),
            ]
        } else {
            (0..8)
                .map(|k| {
                    let s = |bit: usize, v: f64| if k & bit == 0 { v } else { -v };
                    Vector3::new(s(1, h.x), s(2, h.y), s(4, h.z))
                })
                .collect()
        };
        offsets.iter().enumerate().all(|(k, offset)| {
            let axis = if k / 2 < 3 { k / 2 } else { 0 };
            let corner = self.camera * Point3::from(seen.position + offset);
            self.blocked(&corner, solid, h[axis])
        })
    }

    /// Whether the way from the camera to `to` meets another Solid's bounding object (not `solid`'s nor a
    /// Solid's below it) more than `margin` before `to`.
    fn blocked(&self, to: &Point3<f64>, solid: NodeId, margin: f64) -> bool {
        let origin = Point3::from(self.camera.translation.vector);
        let range = (to - origin).norm();
        if range <= 0.0 {
            return false;
        }
        self.rays
            .cast(&origin, &((to - origin) / range), range, &[self.own_robot])
            .is_some_and(|hit| !self.scene.path_to(hit.solid).contains(&solid) && range - hit.distance > margin)
    }
}

/// The Solids directly below `node` (through grouping nodes, not through other Solids).
fn direct_solids(scene: &Scene, node: NodeId, out: &mut Vec<NodeId>) {
    for child in scene.children(node) {
        if scene.is_solid(child) {
            out.push(child);
        } else {
            direct_solids(scene, child, out);
        }
    }
}

/// Webots' pixel of a point in the camera's frame: x right, y down, clamped to the image and truncated
/// to whole pixels of `(width - 1) × (height - 1)`; a point behind a planar camera goes to its edge.
fn project(setup: &CameraSetup, p: &Vector3<f64>) -> [f64; 2] {
    let (w, h) = (f64::from(setup.width.max(1)), f64::from(setup.height.max(1)));
    let (u, v) = match setup.projection {
        Projection::Planar if p.x < 0.0 => (if p.y > 0.0 { -0.5 } else { 0.5 }, if p.z > 0.0 { -0.5 } else { 0.5 }),
        Projection::Planar => {
            let half = (setup.fov / 2.0).tan();
            (-0.5 * p.y / p.x / half, -0.5 * p.z / p.x / (half * h / w))
        }
        Projection::Spherical => {
            // the fisheye of Webots' spherical images: the angle from the axis over the field of view is
            // the distance from the centre, toward the point's side (Webots' formula divides by the
            // point's y and z, NaN for a point level with the axis: not reproduced; nor its widening of
            // x for a field of view under a quarter turn)
            let side = p.y.hypot(p.z);
            if side == 0.0 {
                (0.0, 0.0)
            } else {
                let r = side.atan2(p.x) / setup.fov;
                (-r * p.y / side, -r * p.z / side)
            }
        }
        Projection::Cylindrical => {
            let theta = p.y.atan2(p.x);
            let phi = p.z.atan2(p.x.hypot(p.y));
            (-0.5 * theta / (setup.fov / 2.0), -0.5 * phi / (setup.fov / 2.0 * h / w))
        }
    };
    let (u, v) = ((0.5 + u).clamp(0.0, 1.0), (0.5 + v).clamp(0.0, 1.0));
    [((w - 1.0) * u).trunc(), ((h - 1.0) * v).trunc()]
}

/// The segmentation image (BGRA): each pixel's nearest visual shape in the first recognition colour of
/// the innermost Solid with recognition colours that holds it, black without one. Like Webots' rendered
/// segmentation, it paints what is seen, recognized or not: a Solid beyond `maxRange` or hidden from
/// recognition by its occlusion rays keeps its colour wherever it shows (Webots' camera_recognition test
/// expects its "sphere too far" in blue).
fn segment(scene: &Scene, view: &VisualScene, pose: &Isometry3<f64>, setup: &CameraSetup) -> Vec<u8> {
    let origin = Point3::from(pose.translation.vector);
    let mut colours: HashMap<NodeId, Option<[f64; 3]>> = HashMap::new();
    let mut colour_of = |solid: NodeId| {
        *colours.entry(solid).or_insert_with(|| {
            scene.path_to(solid).into_iter().rev().find_map(|n| {
                if scene.is_solid(n) {
                    scene.mf_vec3(n, "recognitionColors").first().copied()
                } else {
                    None
                }
            })
        })
    };
    let mut image = Vec::with_capacity((setup.width * setup.height * 4) as usize);
    for j in 0..setup.height {
        for i in 0..setup.width {
            let d = setup.projection.direction(setup.fov, setup.width, setup.height, i, j);
            let dir = pose.rotation * Vector3::from(d);
            let start = if setup.projection == Projection::Planar { setup.near / d[0].max(1e-9) } else { setup.near };
            let color = view
                .cast(&(origin + dir * start), &dir, f64::INFINITY)
                .and_then(|(item, _)| view.items()[item].solid)
                .and_then(&mut colour_of)
                .unwrap_or([0.0; 3]);
            let [r, g, b] = color.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
            image.extend_from_slice(&[b, g, r, 255]);
        }
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(projection: Projection, fov: f64, width: i32, height: i32) -> CameraSetup {
        CameraSetup {
            width,
            height,
            fov,
            near: 0.01,
            projection,
            min_fov: fov,
            max_fov: fov,
            exposure: 1.0,
            focal_length: 0.0,
            focal_distance: 0.0,
            min_focal_distance: 0.0,
            max_focal_distance: 0.0,
            has_recognition: true,
            segmentation: false,
        }
    }

    /// A point seen through pixel (i, j) (the direction the renderer draws it along) goes back to that
    /// pixel: Webots scales the place on the image by (size - 1) and truncates, so pixel i's centre,
    /// (i + 0.5) / size of the way across, lands on i or i - 1, never further.
    #[test]
    fn a_point_along_a_pixel_s_direction_lands_on_that_pixel_for_every_projection() {
        let cases = [
            (Projection::Planar, 1.2, 64, 32),
            (Projection::Planar, 0.5, 20, 50),
            (Projection::Spherical, 1.2, 64, 32),
            (Projection::Spherical, 4.0, 30, 60),
            (Projection::Spherical, 6.0, 40, 40),
            (Projection::Cylindrical, 1.2, 64, 32),
            (Projection::Cylindrical, 4.0, 80, 20),
            (Projection::Cylindrical, 6.2, 100, 40),
        ];
        for (projection, fov, width, height) in cases {
            let s = setup(projection, fov, width, height);
            for j in 0..height {
                for i in 0..width {
                    let d = projection.direction(fov, width, height, i, j);
                    // the fisheye's corners lie beyond half a turn from the axis when 0.707 fov > π:
                    // those pixels draw what lies the other way round, found again elsewhere
                    let (du, dv) =
                        (f64::from(i) + 0.5 - f64::from(width) / 2.0, f64::from(j) + 0.5 - f64::from(height) / 2.0);
                    if projection == Projection::Spherical
                        && (du / f64::from(width)).hypot(dv / f64::from(height)) * fov >= std::f64::consts::PI
                    {
                        continue;
                    }
                    let [u, v] = project(&s, &(Vector3::from(d) * 3.0));
                    let (i, j) = (f64::from(i), f64::from(j));
                    assert!(
                        (u == i || u == i - 1.0) && (v == j || v == j - 1.0),
                        "{projection:?} fov {fov} {width}x{height}: pixel ({i}, {j}) back at ({u}, {v})"
                    );
                }
            }
        }
    }
}
