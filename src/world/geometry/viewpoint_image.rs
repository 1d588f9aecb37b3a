//! What a supervisor's `wb_supervisor_export_image` takes a picture of, headless: the world's
//! Viewpoint (its position, orientation, fieldOfView, near and exposure, Webots' defaults where not
//! written) rendered with the cameras' ray caster and lighting (`render.rs`, `shading.rs`), planar.
//! The Viewpoint looks along its x axis, z up (along -z, y up, in worlds from before R2022a).

use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

use super::render::VisualScene;
use super::shading::{tone_map, Lighting};
use crate::protocol::Projection;
use crate::world::scene::{FieldValue, NodeId, Scene};

fn viewpoint(scene: &Scene) -> Option<NodeId> {
    scene.roots.iter().copied().find(|&n| scene.type_name(n) == "Viewpoint")
}

/// Where the Viewpoint is: its position and orientation (Webots' defaults where not written).
pub fn viewpoint_pose(scene: &Scene) -> Isometry3<f64> {
    let viewpoint = viewpoint(scene);
    let position = match viewpoint.and_then(|v| scene.field(v, "position")) {
        Some(FieldValue::SFVec3f(p)) => Vector3::from(*p),
        _ => Vector3::new(-10.0, 0.0, 0.0),
    };
    let rotation = match viewpoint.and_then(|v| scene.field(v, "orientation")) {
        Some(FieldValue::SFRotation([x, y, z, a])) => {
            Vector3::new(*x, *y, *z).try_normalize(1e-12).map_or(UnitQuaternion::identity(), |axis| {
                UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_unchecked(axis), *a)
            })
        }
        _ => UnitQuaternion::identity(),
    };
    Isometry3::from_parts(Translation3::from(position), rotation)
}

/// The picture, `width` × `height` RGB bytes, rows top to bottom.
pub fn render(scene: &Scene, width: u32, height: u32) -> Vec<u8> {
    let viewpoint = viewpoint(scene);
    let float = |name: &str, default: f64| match viewpoint.and_then(|v| scene.field(v, name)) {
        Some(FieldValue::SFFloat(f)) if f.is_finite() => *f,
        _ => default,
    };
    let pose = viewpoint_pose(scene);
    // Webots' default field of view is written 0.785398 (π/4)
    let fov = float("fieldOfView", std::f64::consts::FRAC_PI_4);
    let (near, exposure) = (float("near", 0.05), float("exposure", 1.0));
    let legacy = scene.is_pre_r2022a();
    let view = VisualScene::build(scene);
    let lighting = Lighting::of(scene);
    let origin = Point3::from(pose.translation.vector);
    let sky = view.background.map(byte);
    let (w, h) = (width as i32, height as i32);
    super::render::pixels(w, h, |i, j| {
        let d = Projection::Planar.direction(fov, w, h, i, j);
        // x forward, y left, z up; a legacy Viewpoint looks along -z with y up
        let local = if legacy { Vector3::new(-d[1], d[2], -d[0]) } else { Vector3::from(d) };
        let dir = pose.rotation * local;
        let from = origin + dir * (near / d[0].max(1e-9));
        match view.cast_normal(&from, &dir, f64::INFINITY) {
            Some((item, toi, normal)) => {
                let item = &view.items()[item];
                // an unlit surface's light is its own (`Lighting::shade`)
                lighting.shade(&item.surface, &(from + dir * toi), &normal).map(|c| byte(tone_map(c, exposure)))
            }
            None => sky,
        }
    })
}

fn byte(c: f64) -> u8 {
    (c.clamp(0.0, 1.0) * 255.0).round() as u8
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    #[test]
    fn the_viewpoint_sees_a_glowing_box_ahead_and_the_sky_around_it() {
        let scene = parse_world_str(
            "#VRML_SIM R2025a utf8\nBackground { skyColor [ 0 0 1 ] }\n\
             Viewpoint { position -2 0 0 }\n\
             Shape { appearance Appearance { material Material { emissiveColor 0 1 0 } } geometry Box { size 0.5 0.5 0.5 } }\n",
            "t.wbt",
            Path::new("/nonexistent-webots-shim-dir"),
            &LoadOptions::default(),
        )
        .unwrap();
        let image = render(&scene, 9, 9);
        let at = |i: usize, j: usize| &image[(j * 9 + i) * 3..(j * 9 + i) * 3 + 3];
        // emissive green, linear 1, through the exposure mapping; the corners see the sky
        assert_eq!(at(4, 4), [0, 207, 0]);
        assert_eq!(at(0, 0), [0, 0, 255]);
    }
}
