//! An LED lights its shape as Webots does (the LED writes its colour into the emissive colour of the
//! shape's PBRAppearance or Material): a camera looking at the shape sees the LED's colour.

mod common;

use common::Project;

/// A robot with a camera looking along x at an LED 1 m ahead whose shape is black when off.
fn world(appearance: &str) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Robot {{
  translation 0 0 0.5
  controller "led_camera"
  children [
    Camera {{ name "camera" width 8 height 8 }}
    Pose {{
      translation 1 0 0
      children [
        LED {{
          name "led"
          color [ 0 1 0 ]
          children [ Shape {{ appearance {appearance} geometry Box {{ size 0.2 0.2 0.2 }} }} ]
        }}
      ]
    }}
  ]
}}
"#
    )
}

/// The centre pixel `led_camera` printed under `label`.
fn pixel(lines: &[String], label: &str) -> [u8; 3] {
    let line = lines.iter().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("{label}: {lines:?}"));
    let v: Vec<u8> = line.split_whitespace().skip(1).map(|w| w.parse().unwrap()).collect();
    [v[0], v[1], v[2]]
}

#[test]
fn a_camera_sees_a_lit_led_in_its_colour_on_a_pbr_appearance_and_a_material() {
    for appearance in
        ["PBRAppearance { baseColor 0 0 0 metalness 0 }", "Appearance { material Material { diffuseColor 0 0 0 } }"]
    {
        let p = Project::new();
        p.controller("led_camera", "led_camera");
        p.world("led.wbt", &world(appearance));
        let out = p.run("led.wbt", &[]);
        assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
        let lines = out.robot_lines("robot");
        assert_eq!(pixel(&lines, "off"), [0, 0, 0], "{appearance}: {lines:?}");
        // the emissive green, linear 1, through Webots' exposure mapping: 1 - e^-1, to the power 1/2.2
        assert_eq!(pixel(&lines, "on"), [0, 207, 0], "{appearance}: {lines:?}");
    }
}
