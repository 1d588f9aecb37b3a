//! Robots' batteries: Webots' own battery API test reproduced in C (the CPU's and the motors'
//! consumption, an empty battery that cuts the motors' power, -1 for an empty `battery` field).

mod common;

use common::Project;

/// Webots' battery.wbt (NUE, R2022b) in an ENU world: the hinge about z, the arm along -y.
const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { }
Robot {
  translation 0 0 0.025
  children [
    HingeJoint {
      jointParameters HingeJointParameters { axis 0 0 1 dampingConstant 10 }
      device [
        RotationalMotor { name "rotational motor" consumptionFactor 100 maxVelocity 20 maxTorque 30 }
        PositionSensor { name "position sensor" }
      ]
      endPoint Solid {
        children [
          DEF THICK Pose { translation 0 0 0.05 children [ Shape { geometry Cylinder { height 0.05 radius 0.02 } } ] }
          DEF THIN Pose {
            translation 0 -0.1 0.05 rotation 1 0 0 1.5708
            children [ Shape { geometry Cylinder { height 0.3 radius 0.005 } } ]
          }
        ]
        boundingObject Group { children [ USE THIN USE THICK ] }
        physics Physics { density -1 mass 1 }
      }
    }
    DEF BASE Shape { geometry Cylinder { height 0.05 radius 0.05 } }
  ]
  boundingObject USE BASE
  physics Physics { density -1 mass 20 }
  controller "battery_webots"
  battery [ 600 36000 5 ]
  cpuConsumption 5
}
Robot { name "robot(1)" controller "battery_webots" controllerArgs [ "empty" ] }
"#;

#[test]
fn webots_battery_test_the_motor_drains_the_battery_then_stops() {
    let p = Project::new();
    p.controller("battery_webots", "battery_webots");
    p.world("battery.wbt", WORLD);
    let out = p.run("battery.wbt", &[]);
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("[robot] battery test passed");
    out.assert_stdout_has("[robot(1)] empty battery test passed");
}
