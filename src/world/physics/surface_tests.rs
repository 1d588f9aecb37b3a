//! Bounding objects made of triangles (ElevationGrid, Mesh files) under a falling body: it rests on
//! them where geometry says. The mesh files are written by the tests.

use std::path::Path;

use nalgebra::{Vector2, Vector3};

use super::Physics;
use crate::world::scene::{parse_world_str, LoadOptions, Scene};

fn world_in(dir: &Path, body: &str) -> (Scene, Physics, Vec<String>) {
    let text = format!("#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 8 }}\n{body}");
    let mut scene = parse_world_str(&text, "t.wbt", dir, &LoadOptions::default()).unwrap();
    let mut warnings = Vec::new();
    let physics = Physics::build(&mut scene, &mut warnings).expect("a world with physics");
    (scene, physics, warnings)
}

/// Where DEF `name` is after `seconds`.
fn after(scene: &mut Scene, physics: &mut Physics, name: &str, seconds: f64) -> Vector3<f64> {
    let node = scene.find_def(name).unwrap();
    for _ in 0..(seconds / physics.dt()).round() as usize {
        physics.step(scene);
    }
    scene.global_pose(node).translation.vector
}

/// The 12 outward-facing triangles of the box [-1, 1] × [-1, 1] × [0, 1].
fn box_triangles() -> Vec<[[f32; 3]; 3]> {
    let corner = |i: usize| [if i & 1 == 0 { -1.0 } else { 1.0 }, if i & 2 == 0 { -1.0 } else { 1.0 }, (i >> 2) as f32];
    // each face as four corners counter-clockwise seen from outside
    let faces = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
    faces.iter().flat_map(|f| [[f[0], f[1], f[2]], [f[0], f[2], f[3]]]).map(|t| t.map(corner)).collect()
}

fn write_binary_stl(path: &Path) {
    let triangles = box_triangles();
    let mut bytes = vec![0u8; 80];
    bytes.extend((triangles.len() as u32).to_le_bytes());
    for t in &triangles {
        let normal_and_corners = std::iter::once([0.0f32; 3]).chain(t.iter().copied());
        for v in normal_and_corners {
            for c in v {
                bytes.extend(c.to_le_bytes());
            }
        }
        bytes.extend([0, 0]);
    }
    std::fs::write(path, bytes).unwrap();
}

fn write_ascii_stl(path: &Path) {
    let mut text = String::from("solid block\n");
    for t in box_triangles() {
        text += "facet normal 0 0 0\nouter loop\n";
        for v in t {
            text += &format!("vertex {} {} {}\n", v[0], v[1], v[2]);
        }
        text += "endloop\nendfacet\n";
    }
    text += "endsolid block\n";
    std::fs::write(path, text).unwrap();
}

fn write_obj(path: &Path) {
    let mut text = String::from("o block\n");
    for i in 0..8 {
        text += &format!("v {} {} {}\n", if i & 1 == 0 { -1 } else { 1 }, if i & 2 == 0 { -1 } else { 1 }, i >> 2);
    }
    for f in [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]] {
        text += &format!("f {} {} {} {}\n", f[0] + 1, f[1] + 1, f[2] + 1, f[3] + 1);
    }
    std::fs::write(path, text).unwrap();
}

/// A ball of radius 0.1 dropped from 2 m onto the mesh block (top at z = 1, Solid raised by 0.5): it
/// rests with its centre at 1.5 + 0.1.
fn ball_rests_on_the_block(file: &str, write: fn(&Path)) {
    let dir = tempfile::tempdir().unwrap();
    write(&dir.path().join(file));
    let (mut scene, mut physics, w) = world_in(
        dir.path(),
        &format!(
            "Solid {{ translation 0.3 0 0.5 boundingObject Mesh {{ url \"{file}\" }} }}\n\
             DEF BALL Solid {{ translation 0 0 2.5 boundingObject Sphere {{ radius 0.1 }} physics Physics {{ }} }}"
        ),
    );
    assert!(w.is_empty(), "{w:?}");
    let p = after(&mut scene, &mut physics, "BALL", 2.0);
    assert!((p.z - 1.6).abs() < 5e-3, "{file}: the ball is at {p}, expected z = 1.6");
    assert!(p.x.abs() < 1e-6 && p.y.abs() < 1e-6, "{file}: the ball moved sideways to {p}");
}

#[test]
fn a_ball_rests_on_a_binary_stl_block() {
    ball_rests_on_the_block("block.stl", write_binary_stl);
}

#[test]
fn a_ball_rests_on_an_ascii_stl_block() {
    ball_rests_on_the_block("block_ascii.stl", write_ascii_stl);
}

#[test]
fn a_ball_rests_on_an_obj_block() {
    ball_rests_on_the_block("block.obj", write_obj);
}

/// The block as a Collada document: one geometry of triangles placed by the visual scene.
fn write_collada(path: &Path) {
    let mut points = String::new();
    for i in 0..8 {
        points += &format!("{} {} {} ", if i & 1 == 0 { -1 } else { 1 }, if i & 2 == 0 { -1 } else { 1 }, i >> 2);
    }
    let mut indices = String::new();
    for f in [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]] {
        indices += &format!("{} {} {} {} {} {} ", f[0], f[1], f[2], f[0], f[2], f[3]);
    }
    let text = format!(
        r##"<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Z_UP</up_axis></asset>
  <library_geometries>
    <geometry id="block" name="block">
      <mesh>
        <source id="block-positions">
          <float_array id="block-positions-array" count="24">{points}</float_array>
          <technique_common>
            <accessor source="#block-positions-array" count="8" stride="3">
              <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
            </accessor>
          </technique_common>
        </source>
        <vertices id="block-vertices"><input semantic="POSITION" source="#block-positions"/></vertices>
        <triangles count="12">
          <input semantic="VERTEX" source="#block-vertices" offset="0"/>
          <p>{indices}</p>
        </triangles>
      </mesh>
    </geometry>
  </library_geometries>
  <library_visual_scenes>
    <visual_scene id="scene">
      <node id="node"><instance_geometry url="#block"/></node>
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
"##
    );
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_ball_rests_on_a_collada_block() {
    ball_rests_on_the_block("block.dae", write_collada);
}

#[test]
fn a_mesh_file_that_cannot_be_read_is_named_in_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("garbage.stl"), b"not a mesh at all").unwrap();
    let (_, _, w) = world_in(
        dir.path(),
        "Solid { name \"missing\" boundingObject Mesh { url \"meshes/none.stl\" } }\n\
         Solid { name \"garbage\" boundingObject Mesh { url \"garbage.stl\" } }\n\
         Solid { translation 0 0 3 boundingObject Sphere { radius 0.1 } physics Physics { } }",
    );
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(w[0].starts_with("Solid \"missing\": Mesh file '") && w[0].contains("meshes/none.stl"), "{w:?}");
    assert!(w[1].starts_with("Solid \"garbage\": Mesh file '") && w[1].contains("garbage.stl"), "{w:?}");
}

/// A 3 × 3 grid 2 m apart, all heights 2, in a Solid at (10, 0, 1) turned a quarter about z: in the
/// Solid's frame it covers [0, 4] × [0, 4], in the world x ∈ [6, 10], y ∈ [0, 4], its top at z = 3. A
/// box of side 0.5 let go 5 cm above it at (8, 2) rests at 3.25; one let go at (12, 2), where the grid
/// would be unturned, falls past it. (Dropped from 1.75 m onto the grid's vertex, a box skids 10 to 25 cm
/// in the engine as it lands, depending on the contact spring; the grid's pose is what is tested here.)
#[test]
fn a_box_rests_on_a_turned_and_moved_elevation_grid() {
    let (mut scene, mut physics, w) = world_in(
        Path::new("."),
        "Solid { translation 10 0 1 rotation 0 0 1 1.5707963267948966 \
           boundingObject ElevationGrid { xDimension 3 xSpacing 2 yDimension 3 ySpacing 2 \
             height [ 2 2 2 2 2 2 2 2 2 ] } }\n\
         DEF ON Solid { translation 8 2 3.3 boundingObject Box { size 0.5 0.5 0.5 } physics Physics { } }\n\
         DEF OFF Solid { translation 12 2 3.3 boundingObject Box { size 0.5 0.5 0.5 } physics Physics { } }",
    );
    assert!(w.is_empty(), "{w:?}");
    let on = scene.find_def("ON").unwrap();
    let off = after(&mut scene, &mut physics, "OFF", 2.0);
    let on = scene.global_pose(on).translation.vector;
    assert!((on.z - 3.25).abs() < 5e-3 && (on.xy() - Vector2::new(8.0, 2.0)).norm() < 0.2, "the box is at {on}");
    assert!(off.z < 0.0, "the other box is at {off}: nothing should hold it");
}
