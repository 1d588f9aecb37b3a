//! The files Webots writes beside a supervisor's animation page (`wb_supervisor_animation_start_recording
//! ("x.html")`): `x.x3d`, the recorded Solids' shapes where they were when the recording started (X3D;
//! a Solid is the Transform `id="n<solid>"`), `x.json`, the poses of the Solids that moved, in Webots'
//! animation format (`basicTimeStep`, `frames` of `{time (ms), updates: [{id, translation, rotation}]}`),
//! and `x.css`, the page's style sheet. Our page itself stays self-contained.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion};
use parry3d_f64::shape::SharedShape;

use super::model::{Frame, Replay, POSE_WIDTH, POSITION_UNIT, QUATERNION_SCALE};
use super::outline::Drawn;

/// Segments around a round shape written as triangles (a capsule).
const ROUND: u32 = 16;

/// `page` with another extension.
fn beside(page: &Path, extension: &str) -> PathBuf {
    page.with_extension(extension)
}

/// Writes the three files beside `page`.
pub fn write(page: &Path, replay: &Replay, drawn: &[Vec<Drawn>], stylesheet: &str) -> std::io::Result<()> {
    std::fs::write(beside(page, "x3d"), x3d(replay, drawn))?;
    std::fs::write(beside(page, "json"), animation(replay).to_string())?;
    std::fs::write(beside(page, "css"), stylesheet)
}

/// Solid `s`'s pose in a frame's flat pose list, if the frame has it.
fn pose_in(frame: &Frame, s: usize) -> Option<Isometry3<f64>> {
    frame.poses.chunks_exact(POSE_WIDTH).find(|p| p[0] as usize == s).map(|p| {
        let unit = |k: usize| f64::from(p[k]) * POSITION_UNIT;
        let q = Quaternion::new(f64::from(p[7]), f64::from(p[4]), f64::from(p[5]), f64::from(p[6])) / QUATERNION_SCALE;
        Isometry3::from_parts(Translation3::new(unit(1), unit(2), unit(3)), UnitQuaternion::from_quaternion(q))
    })
}

fn vec3(v: &nalgebra::Vector3<f64>) -> String {
    format!("{} {} {}", v.x, v.y, v.z)
}

/// A rotation as Webots and X3D write it: axis x y z, angle.
fn axis_angle(r: &UnitQuaternion<f64>) -> String {
    match r.axis_angle() {
        Some((axis, angle)) => format!("{} {} {} {angle}", axis.x, axis.y, axis.z),
        None => "0 0 1 0".into(),
    }
}

/// The X3D scene: each recorded Solid at its first recorded pose, with its shapes.
pub fn x3d(replay: &Replay, drawn: &[Vec<Drawn>]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<X3D profile=\"Immersive\" version=\"3.3\">\n<head>\n\
         <meta name=\"generator\" content=\"webots-shim\"/>\n</head>\n<Scene>\n",
    );
    let first = replay.frames.first();
    for (s, shapes) in drawn.iter().enumerate() {
        if shapes.is_empty() {
            continue;
        }
        let pose = first.and_then(|f| pose_in(f, s)).unwrap_or_else(Isometry3::identity);
        let _ = writeln!(
            out,
            "<Transform id=\"n{s}\" translation=\"{}\" rotation=\"{}\">",
            vec3(&pose.translation.vector),
            axis_angle(&pose.rotation)
        );
        for d in shapes {
            let Some(geometry) = geometry(&d.shape) else { continue };
            let [r, g, b] = d.color;
            let _ = writeln!(
                out,
                "<Transform translation=\"{}\" rotation=\"{}\"><Shape><Appearance><Material diffuseColor=\"{r} {g} \
                 {b}\"/></Appearance>{geometry}</Shape></Transform>",
                vec3(&d.pose.translation.vector),
                axis_angle(&d.pose.rotation)
            );
        }
        out.push_str("</Transform>\n");
    }
    out.push_str("</Scene>\n</X3D>\n");
    out
}

/// A shape as an X3D geometry node (parry's round shapes stand along y, as X3D's do).
fn geometry(shape: &SharedShape) -> Option<String> {
    if let Some(b) = shape.as_cuboid() {
        let h = b.half_extents;
        return Some(format!("<Box size=\"{} {} {}\"/>", 2.0 * h.x, 2.0 * h.y, 2.0 * h.z));
    }
    if let Some(b) = shape.as_ball() {
        return Some(format!("<Sphere radius=\"{}\"/>", b.radius));
    }
    if let Some(c) = shape.as_cylinder() {
        return Some(format!("<Cylinder radius=\"{}\" height=\"{}\"/>", c.radius, 2.0 * c.half_height));
    }
    if let Some(c) = shape.as_cone() {
        return Some(format!("<Cone bottomRadius=\"{}\" height=\"{}\"/>", c.radius, 2.0 * c.half_height));
    }
    let (points, triangles): (Vec<[f64; 3]>, Vec<[u32; 3]>) = if let Some(c) = shape.as_capsule() {
        let (v, i) = c.to_trimesh(ROUND, ROUND / 2);
        (v.iter().map(|p| [p.x, p.y, p.z]).collect(), i)
    } else if let Some(m) = shape.as_trimesh() {
        (m.vertices().iter().map(|p| [p.x, p.y, p.z]).collect(), m.indices().to_vec())
    } else if let Some(c) = shape.as_convex_polyhedron() {
        let (v, i) = c.to_trimesh();
        (v.iter().map(|p| [p.x, p.y, p.z]).collect(), i)
    } else if let Some(h) = shape.as_heightfield() {
        let (v, i) = h.to_trimesh();
        (v.iter().map(|p| [p.x, p.y, p.z]).collect(), i)
    } else {
        return None;
    };
    let mut index = String::new();
    for t in &triangles {
        let _ = write!(index, "{} {} {} -1 ", t[0], t[1], t[2]);
    }
    let point: Vec<String> = points.iter().map(|p| format!("{} {} {}", p[0], p[1], p[2])).collect();
    Some(format!(
        "<IndexedFaceSet coordIndex=\"{}\"><Coordinate point=\"{}\"/></IndexedFaceSet>",
        index.trim_end(),
        point.join(", ")
    ))
}

/// Webots' animation: a frame per recorded frame (time in ms from the start), updating the Solids that
/// moved during the recording; the first frame gives their starting poses.
pub fn animation(replay: &Replay) -> serde_json::Value {
    use serde_json::json;
    let moved: std::collections::BTreeSet<usize> =
        replay.frames.iter().skip(1).flat_map(|f| f.poses.chunks_exact(POSE_WIDTH).map(|p| p[0] as usize)).collect();
    let start = replay.frames.first().map_or(0.0, |f| f.t);
    let frames: Vec<serde_json::Value> = replay
        .frames
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let updates: Vec<serde_json::Value> = moved
                .iter()
                .filter_map(|&s| {
                    let pose = pose_in(f, s)?;
                    Some(json!({
                        "id": s,
                        "translation": vec3(&pose.translation.vector),
                        "rotation": axis_angle(&pose.rotation),
                    }))
                })
                .collect();
            let time = if k == 0 { 0.0 } else { ((f.t - start) * 1000.0).round() };
            json!({ "time": time, "updates": updates })
        })
        .collect();
    let ids: Vec<String> = moved.iter().map(usize::to_string).collect();
    json!({
        "basicTimeStep": replay.step_ms * replay.frame_steps as f64,
        "ids": ids.join(";"),
        "labelsIds": "",
        "frames": frames,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_shapes_keep_their_sizes_and_a_capsule_becomes_triangles_that_index_its_points() {
        assert_eq!(geometry(&SharedShape::cylinder(0.05, 0.02)).unwrap(), "<Cylinder radius=\"0.02\" height=\"0.1\"/>");
        assert_eq!(geometry(&SharedShape::cone(0.1, 0.3)).unwrap(), "<Cone bottomRadius=\"0.3\" height=\"0.2\"/>");
        let capsule = geometry(&SharedShape::capsule_y(0.05, 0.02)).unwrap();
        let index = &capsule[capsule.find("coordIndex=\"").unwrap() + 12..];
        let index: Vec<i64> = index[..index.find('"').unwrap()].split(' ').map(|v| v.parse().unwrap()).collect();
        let points = capsule[capsule.find("point=\"").unwrap() + 7..].split(", ").count() as i64;
        assert!(index.len().is_multiple_of(4) && index.chunks(4).all(|t| t[3] == -1), "triangles end with -1");
        assert!(index.iter().filter(|&&i| i >= 0).all(|&i| i < points), "{points} points");
    }

    #[test]
    fn a_quaternion_is_written_as_axis_and_angle_and_no_turn_as_zero_about_z() {
        let r = UnitQuaternion::from_axis_angle(&nalgebra::Vector3::z_axis(), 0.5);
        let written: Vec<f64> = axis_angle(&r).split(' ').map(|v| v.parse().unwrap()).collect();
        assert!((written[2] - 1.0).abs() < 1e-12 && (written[3] - 0.5).abs() < 1e-12, "{written:?}");
        assert_eq!(axis_angle(&UnitQuaternion::identity()), "0 0 1 0");
    }
}
