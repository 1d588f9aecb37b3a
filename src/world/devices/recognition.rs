//! A camera's object recognition: every Solid whose `recognitionColors` is not empty (outside the
//! camera's own robot), within `maxRange`, in front of the camera with its origin inside the image,
//! and (with `occlusion`) not hidden at its origin by another visual shape. Its size and place on the
//! image come from the box around its bounding objects (its visual shapes without any) in the camera's
//! frame; the biggest on the image are kept when `maxObjects` limits them. The segmentation image
//! paints each pixel whose visual shape belongs to a recognized object with its first colour.

use nalgebra::{Isometry3, Point3, Vector3};

use crate::protocol::{CameraSetup, Projection, RecognizedObject};
use crate::world::geometry::convert::{na_point, pose};
use crate::world::geometry::render::VisualScene;
use crate::world::geometry::shapes::bounding_shapes;
use crate::world::scene::{axis_angle_of, NodeId, Scene};
use crate::world::supervisor::fields::ref_id;

pub struct RecognitionParams {
    pub max_range: f64,
    pub max_objects: i32,
    pub occlusion: i32,
}

/// The recognized objects, and the segmentation image (BGRA) when `segmentation` is on.
pub fn recognize(
    scene: &Scene,
    view: &VisualScene,
    camera: NodeId,
    pose: &Isometry3<f64>,
    setup: &CameraSetup,
    params: &RecognitionParams,
    segmentation: bool,
) -> (Vec<RecognizedObject>, Option<Vec<u8>>) {
    let own_robot = scene.robot_of(camera);
    let origin = Point3::from(pose.translation.vector);
    let mut found: Vec<(NodeId, RecognizedObject)> = Vec::new();
    for solid in scene.preorder() {
        if !scene.is_solid(solid) || (own_robot.is_some() && scene.robot_of(solid) == own_robot) {
            continue;
        }
        let colors = scene.mf_vec3(solid, "recognitionColors");
        if colors.is_empty() {
            continue;
        }
        let object_pose = scene.global_pose(solid);
        let center = Point3::from(object_pose.translation.vector);
        let local = pose.inverse_transform_point(&center);
        let distance = local.coords.norm();
        if local.x <= setup.near || distance > params.max_range {
            continue;
        }
        let Some(on_image) = project(setup, &local.coords) else { continue };
        if params.occlusion > 0 {
            let dir = (center - origin) / distance;
            if let Some((item, toi)) = view.cast(&origin, &dir, distance) {
                let owner = view.items()[item].solid;
                if toi < distance - 1e-6 && !owner.is_some_and(|o| scene.path_to(o).contains(&solid)) {
                    continue;
                }
            }
        }
        let (lo, hi) = extent(scene, view, solid, pose);
        let (mut x0, mut y0, mut x1, mut y1) = (on_image[0], on_image[1], on_image[0], on_image[1]);
        for k in 0..8 {
            let corner = Vector3::new(
                if k & 1 == 0 { lo.x } else { hi.x },
                if k & 2 == 0 { lo.y } else { hi.y },
                if k & 4 == 0 { lo.z } else { hi.z },
            );
            if let Some(p) = project(setup, &corner) {
                x0 = x0.min(p[0]);
                y0 = y0.min(p[1]);
                x1 = x1.max(p[0]);
                y1 = y1.max(p[1]);
            }
        }
        let clamp = |v: f64, n: i32| v.clamp(0.0, f64::from(n - 1).max(0.0));
        let (x0, x1) = (clamp(x0, setup.width), clamp(x1, setup.width));
        let (y0, y1) = (clamp(y0, setup.height), clamp(y1, setup.height));
        let object = RecognizedObject {
            id: ref_id(solid),
            position: [local.x, local.y, local.z],
            orientation: axis_angle_of(&(pose.rotation.inverse() * object_pose.rotation)),
            size: [hi.y - lo.y, hi.z - lo.z],
            position_on_image: [((x0 + x1) / 2.0).round() as i32, ((y0 + y1) / 2.0).round() as i32],
            size_on_image: [(x1 - x0).round() as i32 + 1, (y1 - y0).round() as i32 + 1],
            colors,
            model: scene.sf_string(solid, "model"),
        };
        found.push((solid, object));
    }
    if params.max_objects >= 0 && found.len() > params.max_objects as usize {
        let area = |o: &RecognizedObject| i64::from(o.size_on_image[0]) * i64::from(o.size_on_image[1]);
        found.sort_by_key(|(_, o)| std::cmp::Reverse(area(o)));
        found.truncate(params.max_objects as usize);
    }
    let image = segmentation.then(|| segment(scene, view, pose, setup, &found));
    (found.into_iter().map(|(_, o)| o).collect(), image)
}

/// Pixel coordinates (x right, y down) of a point in the camera's frame, `None` behind the camera.
fn project(setup: &CameraSetup, p: &Vector3<f64>) -> Option<[f64; 2]> {
    if p.x <= 0.0 {
        return None;
    }
    let (w, h) = (f64::from(setup.width), f64::from(setup.height));
    let (u, v) = match setup.projection {
        Projection::Planar => {
            let half = (setup.fov / 2.0).tan();
            (-p.y / p.x / half, -p.z / p.x / (half * h / w))
        }
        _ => {
            let theta = p.y.atan2(p.x);
            let phi = p.z.atan2(p.x.hypot(p.y));
            (-theta / (setup.fov / 2.0), -phi / (setup.fov / 2.0 * h / w))
        }
    };
    (u.abs() <= 1.0 && v.abs() <= 1.0).then(|| [(u + 1.0) * w / 2.0 - 0.5, (v + 1.0) * h / 2.0 - 0.5])
}

/// The box around the solid's bounding objects (its visual shapes without any), camera frame.
fn extent(scene: &Scene, view: &VisualScene, solid: NodeId, camera: &Isometry3<f64>) -> (Point3<f64>, Point3<f64>) {
    let to_camera = camera.inverse();
    let mut boxes = Vec::new();
    let solid_pose = scene.global_pose(solid);
    for b in bounding_shapes(scene, solid, &mut Vec::new()).iter().filter(|b| !b.is_plane()) {
        boxes.push(b.shape.compute_aabb(&pose(&(to_camera * solid_pose * b.pose))));
    }
    if boxes.is_empty() {
        for item in view.items().iter().filter(|i| i.solid.is_some_and(|s| scene.path_to(s).contains(&solid))) {
            boxes.push(item.shape.compute_aabb(&pose(&(to_camera * item.pose))));
        }
    }
    let at = to_camera * Point3::from(solid_pose.translation.vector);
    boxes.iter().fold((at, at), |(lo, hi), b| (lo.inf(&na_point(b.mins)), hi.sup(&na_point(b.maxs))))
}

fn segment(
    scene: &Scene,
    view: &VisualScene,
    pose: &Isometry3<f64>,
    setup: &CameraSetup,
    found: &[(NodeId, RecognizedObject)],
) -> Vec<u8> {
    let origin = Point3::from(pose.translation.vector);
    let mut image = Vec::with_capacity((setup.width * setup.height * 4) as usize);
    for j in 0..setup.height {
        for i in 0..setup.width {
            let d = setup.projection.direction(setup.fov, setup.width, setup.height, i, j);
            let dir = pose.rotation * Vector3::from(d);
            let start = if setup.projection == Projection::Planar { setup.near / d[0].max(1e-9) } else { setup.near };
            let color = view
                .cast(&(origin + dir * start), &dir, f64::INFINITY)
                .and_then(|(item, _)| view.items()[item].solid)
                .and_then(|s| {
                    let path = scene.path_to(s);
                    found.iter().find(|(solid, _)| path.contains(solid)).map(|(_, o)| o.colors[0])
                })
                .unwrap_or([0.0; 3]);
            let [r, g, b] = color.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
            image.extend_from_slice(&[b, g, r, 255]);
        }
    }
    image
}
