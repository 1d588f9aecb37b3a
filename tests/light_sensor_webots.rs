//! Light sensors under a PointLight and a SpotLight whose fields are left at Webots' defaults
//! (attenuation, location, direction, cutOffAngle): Webots' own light_sensor_point_spot_light_no_occlusion
//! test reproduced in C, its world unchanged but for the test-suite PROTOs.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2022a utf8
WorldInfo { coordinateSystem "NUE" }
Background { skyColor [ 0.4 0.7 1 ] }
Solid {
  children [ Transform { rotation 1 0 0 -1.57079632679 children [ Shape { geometry Plane { } } ] } ]
  locked TRUE
}
DEF LAMP Solid {
  translation 0 0.095 0
  children [
    Shape { appearance Appearance { material Material { emissiveColor 1 1 1 } } geometry Sphere { radius 0.01 } }
    PointLight { ambientIntensity 1 }
    SpotLight { beamWidth 0.785398 }
  ]
  name "solid(1)"
}
DEF ROBOT Robot {
  translation 0.2 0.05 -0.4
  rotation 0 1 0 1.57
  children [
    Shape { geometry Box { size 0.1 0.1 0.1 } }
    LightSensor {
      translation -0.05 0 0
      rotation 0 0 1 3.1415
      children [
        DEF SENSOR_TRANSFROM Transform {
          rotation -0.577656775504144 0.577196954994953 0.57719695499778 2.09393540393697
          children [ Shape { geometry Cylinder { height 0.01 radius 0.01 } } ]
        }
      ]
      name "ls0"
      lookupTable [ 0 0 0 10 1024 0 ]
    }
    LightSensor {
      translation 0.05 0 0
      children [ USE SENSOR_TRANSFROM ]
      name "ls1"
      lookupTable [ 0 0 0 10 1024 0 ]
    }
  ]
  controller "light_sensor_webots"
}
"#;

#[test]
fn webots_light_sensor_test_point_and_spot_lights_without_occlusion() {
    let p = Project::new();
    p.controller("light_sensor_webots", "light_sensor_webots");
    p.world("light.wbt", WORLD);
    let out = p.run("light.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("light sensor test passed");
}

/// A lamp (a PointLight in a Solid) moved by a supervisor: the light sensor reads it where it is now, by
/// Webots' documented rules: the irradiance of a point light falls with the cosine of its angle to the
/// sensor's axis and with its attenuation (here 1/d²), and a light behind the sensor gives nothing.
#[test]
fn a_light_sensor_follows_a_lamp_a_supervisor_moves() {
    let world = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF LAMP Solid { translation 5 5 5 children [ PointLight { attenuation 0 0 1 intensity 1 ambientIntensity 0 } ] }
Robot {
  supervisor TRUE
  controller "light_follower"
  children [ LightSensor { name "ls" lookupTable [ 0 0 0, 1 1000 0 ] } ]
}
"#;
    let p = Project::new();
    p.controller("light_follower", "light_follower");
    p.world("moving_light.wbt", world);
    let out = p.run("moving_light.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let values = out.robot_numbers("robot", "lamp ", 1);
    assert_eq!(values.len(), 4, "{}", out.stdout);
    let front = values[0];
    assert!(front > 0.0, "{values:?}");
    assert!((values[1] / front - 0.5f64.sqrt()).abs() < 1e-6, "45° off the axis: {values:?}");
    assert!((values[2] / front - 0.25).abs() < 1e-6, "twice as far: {values:?}");
    assert_eq!(values[3], 0.0, "behind the sensor: {values:?}");
}
