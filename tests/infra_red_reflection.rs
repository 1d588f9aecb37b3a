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
