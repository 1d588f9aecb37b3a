//! Webots' `supervisor_get_velocity_with_joints` world rebuilt: slider motors driven at constant speeds
//! stack their speeds down the chain of endPoints, and `wb_supervisor_node_get_velocity` reports them
//! in the world's frame for each Solid, the robot body staying still.

mod common;

use common::Project;

/// Webots' layout: NUE (the floor's Plane, whose normal is its z, turned to face y), a 30 kg robot body
/// (0.3 × 0.1 × 1 m) on the floor, a slider along z whose 0.1 kg endPoint carries a slider along x, whose
/// endPoint holds a third 0.1 kg Solid.
const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 coordinateSystem "NUE" }
Solid {
  name "floor"
  rotation 1 0 0 -1.5708
  children [ DEF FLOOR Shape { geometry Plane { size 10 10 } } ]
  boundingObject USE FLOOR
}
DEF DYNAMIC_ROBOT Robot {
  name "chain"
  translation 0 0.05 0
  children [
    DEF BODY Shape { geometry Box { size 0.3 0.1 1 } }
    SliderJoint {
      jointParameters JointParameters { }
      device [ LinearMotor { } ]
      endPoint DEF DYNAMIC_SOLID_0 Solid {
        translation 0 0.1 0
        children [
          DEF CUBE Shape { geometry Box { size 0.1 0.1 0.1 } }
          SliderJoint {
            jointParameters JointParameters { axis 1 0 0 }
            device [ LinearMotor { name "linear motor 2" } ]
            endPoint DEF DYNAMIC_SOLID_1 Solid {
              translation 0 0.1 0
              children [
                USE CUBE
                DEF DYNAMIC_SOLID_2 Solid {
                  translation 0 0.1 0
                  children [ USE CUBE ]
                  boundingObject USE CUBE
                  physics Physics { density 100 }
                }
              ]
              boundingObject USE CUBE
              physics Physics { density 100 }
            }
          }
        ]
        boundingObject USE CUBE
        physics Physics { density 100 }
      }
    }
  ]
  boundingObject USE BODY
  physics Physics { }
  controller "slider_chain_velocities"
  supervisor TRUE
}
"#;

#[test]
fn slider_speeds_stack_down_the_chain_in_each_solids_velocity() {
    let p = Project::new();
    p.world("chain.wbt", WORLD);
    p.controller("slider_chain_velocities", "slider_chain_velocities");
    let out = p.run("chain.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    let velocity =
        |def: &str| -> Vec<f64> { (0..6).map(|i| out.robot_numbers("chain", &format!("{def} "), i)[0]).collect() };
    // the motors' speeds: 0.1 m/s along z for the first endPoint, plus 0.15 m/s along x for the second
    let expected: [(&str, [f64; 3]); 4] = [
        ("DYNAMIC_ROBOT", [0.0, 0.0, 0.0]),
        ("DYNAMIC_SOLID_0", [0.0, 0.0, 0.1]),
        ("DYNAMIC_SOLID_1", [0.15, 0.0, 0.1]),
        ("DYNAMIC_SOLID_2", [0.15, 0.0, 0.1]),
    ];
    for (def, linear) in expected {
        let v = velocity(def);
        for axis in 0..3 {
            // Webots' tolerance
            assert!((v[axis] - linear[axis]).abs() < 0.005, "{def} {v:?}, expected {linear:?}:\n{}", out.stdout);
        }
        // nothing turns
        assert!(v[3..].iter().all(|w| w.abs() < 0.005), "{def} turns: {v:?}");
    }
    // a Solid fixed in an endPoint that does not turn moves exactly with it
    let (v1, v2) = (velocity("DYNAMIC_SOLID_1"), velocity("DYNAMIC_SOLID_2"));
    assert!(v1.iter().zip(&v2).all(|(a, b)| (a - b).abs() < 0.001), "{v1:?} {v2:?}");
    out.assert_no_messages();
}
