//! Webots' `supervisor_set_position_loop` world rebuilt: a supervisor pins a jointed robot in the air by
//! writing its translation and resetting its physics every step; the robot touches nothing and its
//! joints hold; released, it lands on its feet between the walls and stands.
//! Webots' world uses the RobotisOp2 humanoid; ours is a two-legged robot of our own (a 1 kg body on two
//! hinged 0.2 kg legs held by their motors), since what the test checks is the pinning and the landing.

mod common;

use common::Project;

/// NUE, 8 ms steps as in Webots' world. The walker's origin is at its hips, 0.26 m up; each foot's sole
/// is 0.22 m under the hips, so pinned there it hangs 3.5 cm over the ground box (top at 0.005). The
/// walls bumper's inner faces stand 0.255 m from the centre, well clear of the feet (|x| ≤ 0.09,
/// z in [-0.04, 0.08]).
const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 8 coordinateSystem "NUE" }
DEF WALKER Robot {
  name "walker"
  translation 0 0.26 0
  children [
    Transform { translation 0 0.08 0 children [ DEF TORSO Shape { geometry Box { size 0.16 0.16 0.08 } } ] }
    HingeJoint {
      jointParameters HingeJointParameters { axis 1 0 0 anchor 0.05 0 0 }
      device [ RotationalMotor { name "left hip" maxTorque 20 } ]
      endPoint DEF LEFT_LEG Solid {
        translation 0.05 -0.1 0
        name "left leg"
        children [ DEF LEG Group { children [
          Shape { geometry Box { size 0.04 0.2 0.04 } }
          Transform { translation 0 -0.11 0.02 children [ Shape { geometry Box { size 0.08 0.02 0.12 } } ] }
        ] } ]
        boundingObject USE LEG
        physics Physics { density -1 mass 0.2 }
      }
    }
    HingeJoint {
      jointParameters HingeJointParameters { axis 1 0 0 anchor -0.05 0 0 }
      device [ RotationalMotor { name "right hip" maxTorque 20 } ]
      endPoint DEF RIGHT_LEG Solid {
        translation -0.05 -0.1 0
        name "right leg"
        children [ USE LEG ]
        boundingObject USE LEG
        physics Physics { density -1 mass 0.2 }
      }
    }
  ]
  boundingObject Transform { translation 0 0.08 0 children [ USE TORSO ] }
  physics Physics { density -1 mass 1 }
  controller "<none>"
}
Robot {
  name "pinner"
  children [
    TouchSensor {
      name "ground collider"
      children [ DEF GROUND Shape { geometry Box { size 0.5 0.01 0.5 } } ]
      boundingObject USE GROUND
    }
    TouchSensor {
      name "walls collider"
      children [ DEF WALLS Group { children [
        Transform { translation 0 0.26 0.26 children [ Shape { geometry Box { size 0.5 0.5 0.01 } } ] }
        Transform { translation 0 0.26 -0.26 children [ Shape { geometry Box { size 0.5 0.5 0.01 } } ] }
        Transform { translation 0.26 0.26 0 children [ Shape { geometry Box { size 0.01 0.5 0.5 } } ] }
        Transform { translation -0.26 0.26 0 children [ Shape { geometry Box { size 0.01 0.5 0.5 } } ] }
      ] } ]
      boundingObject USE WALLS
    }
  ]
  controller "pinned_robot_released"
  supervisor TRUE
}
"#;

#[test]
fn a_robot_pinned_by_its_translation_touches_nothing_and_released_stands_on_its_feet() {
    let p = Project::new();
    p.world("pinned.wbt", WORLD);
    p.controller("pinned_robot_released", "pinned_robot_released");
    let out = p.run("pinned.wbt", &[]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("pinned 100 steps");

    // Standing: the soles (0.22 m under the hips) on the ground box's top (0.005), so the hips at 0.225
    // and each leg's centre (0.1 m under the hips) at 0.125; upright, right above where it was pinned.
    // A released drop of 3.5 cm lasts about 85 ms, long over 1.6 s after the release, when the run ends.
    let standing = |column| out.robot_numbers("pinner", "standing at ", column)[0];
    let (x, y, z, up) = (standing(0), standing(1), standing(2), standing(4));
    assert!((y - 0.225).abs() < 3e-3, "hips at {y}:\n{}", out.stdout);
    assert!(x.abs() < 0.01 && z.abs() < 0.01, "drifted to {x} {z}");
    assert!(up > 0.999, "tilted: up·y = {up}");
    for leg in [0, 1].map(|column| out.robot_numbers("pinner", "legs at ", column)[0]) {
        assert!((leg - 0.125).abs() < 3e-3, "a leg's centre at {leg}");
    }
    out.assert_no_messages();
}
