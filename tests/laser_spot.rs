//! A laser distance sensor draws a red spot where its ray meets a bounding object, and cameras see it
//! (Webots' DistanceSensor reference: `type "laser"`, `aperture` the spot's radius in metres; the spot
//! is red with a red emissive colour). A camera 1 m above a lit grey floor looks straight down at the
//! point a laser hits from the side.

mod common;

use common::Project;

/// A linear colour channel as a Webots camera of exposure 1 writes it (1 - e^-c)^(1/2.2), as a byte.
fn byte(linear: f64) -> i64 {
    ((1.0 - (-linear).exp()).powf(1.0 / 2.2) * 255.0).round() as i64
}

fn world(aperture: f64, laser: &str) -> String {
    // the laser 0.5 m up and 0.2 m aside, aimed at the origin (21.8 degrees from the floor's normal)
    let tilt = (0.5f64).atan2(0.2);
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ }}
DirectionalLight {{ direction 0 0 -1 intensity 1 ambientIntensity 0 }}
Solid {{
  children [ Shape {{ appearance Appearance {{ material Material {{ diffuseColor 0.5 0.5 0.5 ambientIntensity 0 }} }} geometry Plane {{ size 10 10 }} }} ]
  boundingObject Plane {{ size 10 10 }}
}}
Robot {{
  controller "laser_spot" controllerArgs [ "{laser}" ]
  children [
    Camera {{ translation 0 0 1 rotation 0 1 0 1.5707963267948966 width 64 height 64 fieldOfView 0.8 }}
    DistanceSensor {{
      translation 0.2 0 0.5 rotation 0 1 0 {angle}
      name "laser" type "laser" aperture {aperture} lookupTable [ 0 0 0, 2 2000 0 ]
    }}
  ]
}}
"#,
        angle = std::f64::consts::PI - tilt,
    )
}

fn pixels(out: &common::RunOutput) -> Vec<(i64, [i64; 3])> {
    out.stdout
        .lines()
        .filter_map(|l| l.split("pixel ").nth(1))
        .map(|l| {
            let v: Vec<i64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], [v[1], v[2], v[3]])
        })
        .collect()
}

#[test]
fn a_camera_sees_the_red_spot_of_a_laser_as_large_as_its_aperture() {
    let p = Project::new();
    p.controller("laser_spot", "laser_spot");
    // the floor under the light: grey 0.5 (linear 0.5^2.2); the spot: red emissive 1 plus red diffuse lit
    let grey = byte(0.5f64.powf(2.2));
    let red = [byte(2.0), 0, 0];
    // a spot of radius 5 cm, 1 m below a camera whose 64 pixels span 2 tan(0.4) m: 3.8 pixels
    p.world("spot.wbt", &world(0.05, "on"));
    let out = p.run("spot.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // the laser meets the floor sqrt(0.2² + 0.5²) away: 1000 × that
    let distance = (0.2f64 * 0.2 + 0.5 * 0.5).sqrt();
    out.assert_stdout_has(&format!("laser {:.6}", 1000.0 * distance));
    let seen = pixels(&out);
    assert_eq!(seen, vec![(0, red), (2, red), (12, [grey; 3])], "{}", out.stdout);

    // a laser not enabled has measured nothing: no spot
    p.world("off.wbt", &world(0.05, "off"));
    let out = p.run("off.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert!(pixels(&out).iter().all(|(_, c)| *c == [grey; 3]), "{}", out.stdout);

    // a smaller aperture, a smaller spot: 1 cm is under one pixel's width at 2 pixels
    p.world("small.wbt", &world(0.01, "on"));
    let out = p.run("small.wbt", &[]);
    let seen = pixels(&out);
    assert_eq!(seen[0].1, red, "{}", out.stdout);
    assert_eq!(seen[1].1, [grey; 3], "{}", out.stdout);
}
