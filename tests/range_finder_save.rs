//! `wb_range_finder_save_image` (Webots' tests/api range_finder and range_finder_spherical checkers save
//! `test.hdr`): a range finder 2 m in front of a wall saves its image as Radiance HDR, each pixel the
//! grey level (depth − minRange) / maxRange clamped to [0, 1] in all three channels, as Webots'
//! libController writes it, and as PNG with the same level × 255.

mod common;

use common::Project;

const MIN_RANGE: f64 = 0.1;
const MAX_RANGE: f64 = 5.0;

fn world() -> String {
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Solid {{ translation 2.5 0 0.5 children [ Shape {{ geometry Box {{ size 1 8 8 }} }} ] name \"wall\" }}\n\
         Robot {{ translation 0 0 0.5 name \"ranger\" controller \"range_finder_save\" children [ \
           RangeFinder {{ name \"depth\" width 8 height 6 fieldOfView 1 minRange {MIN_RANGE} maxRange {MAX_RANGE} }} ] }}\n"
    )
}

#[test]
fn a_range_image_saved_as_hdr_holds_each_depth_s_grey_level_and_png_the_same_in_bytes() {
    let p = Project::new();
    p.world("save.wbt", &world());
    p.controller("range_finder_save", "range_finder_save");
    let out = p.run("save.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("ranger");
    assert_eq!(lines.last().map(String::as_str), Some("saved"), "{}\n{}", out.stdout, out.stderr);
    let depths: Vec<Vec<f64>> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("row "))
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!((depths.len(), depths[0].len()), (6, 8));
    // the wall's face is 2 m ahead: every pixel sees it 2 m deep (planar projection)
    for d in depths.iter().flatten() {
        assert!((d - 2.0).abs() < 1e-3, "depth {d}");
    }
    let level = |d: f64| ((d - MIN_RANGE) / MAX_RANGE).clamp(0.0, 1.0);
    let dir = p.path().join("controllers/range_finder_save");

    let hdr = image::open(dir.join("depth.hdr")).expect("depth.hdr is an HDR image").into_rgb32f();
    assert_eq!(hdr.dimensions(), (8, 6));
    for (x, y, px) in hdr.enumerate_pixels() {
        let want = level(depths[y as usize][x as usize]);
        for c in px.0 {
            // RGBE keeps 8 bits of mantissa: within 1/256 of the value
            assert!((f64::from(c) - want).abs() <= want / 256.0 + 1e-6, "({x}, {y}): {c} for {want}");
        }
    }

    let (w, h, rgba) = common::read_png(&dir.join("depth.png"));
    assert_eq!((w, h), (8, 6));
    for (i, px) in rgba.iter().enumerate() {
        let g = (level(depths[i / 8][i % 8]) * 255.0) as u8;
        assert_eq!(*px, [g, g, g, 255], "pixel {i}");
    }
}
