//! Infra-red distance sensors weigh the distance by the colour of the Shape their ray meets, as Webots
//! does: distance / (0.2 + 0.8 × red × (1 - roughness / 2)) (red of a PBRAppearance's baseColor with its
//! roughness, of a Material's diffuseColor with none). Webots' distance_sensor_infra-red world, without
//! its pens and the green board's texture.

mod common;

use common::Project;

/// Webots' reflection factor.
fn factor(red: f64, roughness: f64) -> f64 {
    0.2 + 0.8 * red * (1.0 - 0.5 * roughness)
}

#[test]
fn webots_infra_red_test_each_board_reflects_its_own_red() {
    // both sensors 6.5 cm above their board; lookup table [0 0, 0.2 2000]: value = 10000 × distance
    let white = 10000.0 * 0.065 / factor(0.729412, 0.5); // Webots: 1019.37
    let green = 10000.0 * 0.065 / factor(0.75, 0.0);
    assert!((white - 1019.37).abs() < 0.01);
    let world = format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ }}
Solid {{
  translation 0 0 0.005
  children [
    DEF GREEN Pose {{
      translation -0.075 0 0
      children [
        Shape {{
          appearance Appearance {{ material Material {{ diffuseColor 0.75 1 1 specularColor 0.74902 0.74902 0.74902 }} }}
          geometry Plane {{ size 0.15 0.15 }}
        }}
      ]
    }}
    DEF WHITE Pose {{
      translation 0.075 0 0
      children [
        Shape {{
          appearance PBRAppearance {{ baseColor 0.729412 0.741176 0.713725 roughness 0.5 metalness 0 }}
          geometry Plane {{ size 0.15 0.15 }}
        }}
      ]
    }}
  ]
  boundingObject Group {{ children [ USE GREEN USE WHITE ] }}
}}
Robot {{
  translation 0 0 0.09
  controller "distance_webots"
  controllerArgs [ "2" "ds0" "{white}" "ds1" "{green}" ]
  children [
    DistanceSensor {{
      translation 0.08 0 -0.02 rotation 0 1 0 1.5707963267948966 name "ds0"
      lookupTable [ 0 0 0, 0.2 2000 0 ] type "infra-red"
    }}
    DistanceSensor {{
      translation -0.08 0 -0.02 rotation 0 1 0 1.5707963267948966 name "ds1"
      lookupTable [ 0 0 0, 0.2 2000 0 ] type "infra-red"
    }}
  ]
}}
"#
    );
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("ir.wbt", &world);
    let out = p.run("ir.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("distance sensor test passed");
}

/// A cube of side `s` centred on the origin as an OBJ file (12 triangles, outward faces).
fn obj_cube(s: f64) -> String {
    let h = s / 2.0;
    let mut out = String::new();
    for i in 0..8 {
        let (x, y, z) =
            (if i & 1 == 0 { -h } else { h }, if i & 2 == 0 { -h } else { h }, if i & 4 == 0 { -h } else { h });
        out += &format!("v {x} {y} {z}\n");
    }
    for f in ["1 3 4 2", "5 6 8 7", "1 2 6 5", "3 7 8 4", "1 5 7 3", "2 4 8 6"] {
        let v: Vec<&str> = f.split(' ').collect();
        out += &format!("f {} {} {}\nf {} {} {}\n", v[0], v[1], v[2], v[0], v[2], v[3]);
    }
    out
}

#[test]
fn an_infra_red_sensor_reads_a_mesh_as_the_box_it_draws() {
    // Webots' distance_sensor_infra-red_vs_mesh, with a mesh of our own: a 0.1 m cube as an OBJ file and
    // as a Box, both red 0.6, each 4 cm in front of its sensor (lookup table [0 0, 0.2 2000]: 10000 per m)
    let expected = 10000.0 * 0.04 / factor(0.6, 0.0);
    // a mesh's vertices are single-precision floats (in Webots too): its face is 0.05f32 from its centre
    let on_mesh = 10000.0 * (0.09 - f64::from(0.05f32)) / factor(0.6, 0.0);
    let obstacle = |x: f64, geometry: &str| {
        format!(
            "Solid {{ translation {x} 0.09 0.05 children [ Shape {{ appearance Appearance {{ material Material {{ diffuseColor 0.6 0.2 0.2 }} }} \
             geometry DEF G{} {geometry} }} ] boundingObject USE G{} }}\n",
            x as i32, x as i32
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n{}{}\
         Robot {{ translation 0 0 0.05 controller \"distance_webots\" controllerArgs [ \"1\" \"mesh\" \"{on_mesh}\" \"box\" \"{expected}\" ] \
           children [ \
             DistanceSensor {{ name \"mesh\" rotation 0 0 1 1.5707963267948966 lookupTable [ 0 0 0, 0.2 2000 0 ] type \"infra-red\" }} \
             DistanceSensor {{ name \"box\" translation 2 0 0 rotation 0 0 1 1.5707963267948966 lookupTable [ 0 0 0, 0.2 2000 0 ] type \"infra-red\" }} ] }}\n",
        obstacle(0.0, "Mesh { url \"cube.obj\" }"),
        obstacle(2.0, "Box { size 0.1 0.1 0.1 }"),
    );
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("mesh.wbt", &world);
    std::fs::write(p.path().join("worlds/cube.obj"), obj_cube(0.1)).unwrap();
    let out = p.run("mesh.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("distance sensor test passed");
}
