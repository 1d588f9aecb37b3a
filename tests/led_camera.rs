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

/// Webots' led world's third LED, along our axes: an LED whose first child is a SpotLight (`on FALSE`,
/// black) 1 m above a white floor, pointing down; a camera 2 m up looks straight down at the floor
/// 0.3 m beside the light. Lit, the LED colours the light and switches it on: the floor turns red.
#[test]
fn a_lit_led_s_spot_light_throws_a_red_circle_on_the_floor() {
    let world = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid {
  children [ Shape { appearance Appearance { material Material { diffuseColor 1 1 1 ambientIntensity 0 } } geometry Plane { size 10 10 } } ]
}
Robot {
  controller "led_camera"
  children [
    Camera { name "camera" translation 0 0 2 rotation 0 1 0 1.5707963267948966 width 9 height 9 fieldOfView 0.2 }
    LED {
      name "led"
      translation 0.3 0 1
      color [ 1 0 0 ]
      children [ SpotLight { beamWidth 0.785398 color 0 0 0 direction 0 0 -1 intensity 3 on FALSE } ]
    }
  ]
}
"#;
    let p = Project::new();
    p.controller("led_camera", "led_camera");
    p.world("led.wbt", world);
    let out = p.run("led.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("robot");
    // no other light: black while the LED is off
    assert_eq!(pixel(&lines, "off"), [0, 0, 0], "{lines:?}");
    // the floor 0.3 m off the light's axis, well inside its beam: intensity 3 × cos of the incidence,
    // no attenuation (1 0 0), on a white diffuse surface, through Webots' exposure mapping
    let d = (1.0f64 + 0.3 * 0.3).sqrt();
    let linear = 3.0 * (1.0 / d);
    let red = ((1.0 - (-linear).exp()).powf(1.0 / 2.2) * 255.0).round() as u8;
    assert!(red > 0x80, "Webots asks for more than 0x80");
    assert_eq!(pixel(&lines, "on"), [red, 0, 0], "{lines:?}");
}
