//! Robots' batteries: Webots' own battery API test reproduced in C (the CPU's and the motors'
//! consumption, an empty battery that cuts the motors' power, -1 for an empty `battery` field), and a
//! battery a supervisor gives and takes while the run goes on.

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

/// A robot without a battery, then with one a supervisor gave it, then without, then with one again.
#[test]
fn a_battery_given_by_a_supervisor_after_the_start_drains_and_one_taken_away_reads_minus_one() {
    let p = Project::new();
    p.controller("battery_given", "battery_given");
    p.world(
        "given.wbt",
        r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot { name "giver" supervisor TRUE controller "battery_given" controllerArgs [ "supervisor" ] }
DEF TAKER Robot { name "taker" controller "battery_given" cpuConsumption 10 }
"#,
    );
    let out = p.run("given.wbt", &[]);
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
    let values = out.robot_numbers("taker", "battery ", 1);
    assert_eq!(values.len(), 20, "{}", out.stdout);
    // 10 W for 32 ms a step
    let per_step = 10.0 * 0.032;
    let spans = [(0..3, None), (3..10, Some(100.0)), (10..14, None), (14..20, Some(50.0))];
    for (steps, given) in spans {
        let seen = &values[steps.clone()];
        match given {
            None => assert!(seen.iter().all(|&v| v == -1.0), "steps {steps:?}: no battery, read {seen:?}"),
            Some(energy) => {
                // the step that carries the supervisor's write drains the new battery too, or the next
                // one does: either way one step drains `per_step` from the last
                let first = seen[0];
                assert!(
                    (first - energy).abs() < 1e-9 || (first - (energy - per_step)).abs() < 1e-9,
                    "steps {steps:?}: first reading {first}, given {energy}"
                );
                for w in seen.windows(2) {
                    assert!(
                        (w[0] - w[1] - per_step).abs() < 1e-9,
                        "steps {steps:?}: {seen:?} does not drain {per_step} a step"
                    );
                }
            }
        }
    }
}
