//! Webots' supervisor_reset_physics_hinge_joint test with PROTOs of our own: wb_supervisor_node_reset_physics
//! on a robot stops the wheels its motors were still turning, whether the robot is plain, a PROTO, a PROTO
//! nested in another, or turns a wheel without Physics on a Hinge2Joint; and where a kinematic Hinge2Joint's
//! two motors put its endPoint.

mod common;

use common::Project;

/// A robot whose motor turns a 1 kg wheel on a HingeJoint along x; the wheel's rotation is the
/// `hingeRotation` parameter.
const SPINNING_WHEEL: &str = r#"#VRML_SIM R2025a utf8
PROTO SpinningWheel [
  field SFVec3f    translation   0 0 0
  field SFString   name          "spinning wheel"
  field SFRotation hingeRotation 0 0 1 0
]
{
  Robot {
    translation IS translation
    name IS name
    controller "wheel_spinner"
    children [
      DEF BODY Shape { geometry Box { size 0.1 0.1 0.1 } }
      HingeJoint {
        jointParameters HingeJointParameters { axis 1 0 0 anchor 0.07 0 0 dampingConstant 0.0003 }
        device [ RotationalMotor { name "wheel1" acceleration 10 maxVelocity 100 } ]
        endPoint Solid {
          translation 0.2 0 0
          rotation IS hingeRotation
          children [ DEF WHEEL Shape { geometry Box { size 0.05 0.05 0.05 } } ]
          boundingObject USE WHEEL
          physics Physics { density -1 mass 1 }
        }
      }
    ]
    boundingObject USE BODY
  }
}
"#;

const NESTED_SPINNING_WHEEL: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "SpinningWheel.proto"
PROTO NestedSpinningWheel [
  field SFVec3f    translation   0 0 0
  field SFString   name          "nested spinning wheel"
  field SFRotation hingeRotation 0 0 1 0
]
{
  SpinningWheel { translation IS translation name IS name hingeRotation IS hingeRotation }
}
"#;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/SpinningWheel.proto"
EXTERNPROTO "../protos/NestedSpinningWheel.proto"
WorldInfo { basicTimeStep 32 }
DEF NESTEDTESTBOT NestedSpinningWheel { translation 0 0.31 0.055 name "nested" }
DEF PROTOTESTBOT SpinningWheel { translation 0 0.15 0.055 name "proto" }
DEF TESTBOT Robot {
  translation 0 0 0.055
  name "plain"
  controller "wheel_spinner"
  children [
    DEF BODY Shape { geometry Box { size 0.1 0.1 0.1 } }
    HingeJoint {
      jointParameters HingeJointParameters { axis 1 0 0 anchor 0.07 0 0 dampingConstant 0.0003 }
      device [ RotationalMotor { name "wheel1" acceleration 10 maxVelocity 100 } ]
      endPoint Solid {
        translation 0.2 0 0
        children [ DEF WHEEL Shape { geometry Box { size 0.05 0.05 0.05 } } ]
        boundingObject USE WHEEL
        physics Physics { density -1 mass 1 }
      }
    }
  ]
  boundingObject USE BODY
}
DEF HINGE2TESTBOT Robot {
  translation 0 -0.15 0.055
  name "hinge2"
  controller "wheel_spinner"
  controllerArgs [ "--hinge2" ]
  children [
    DEF BODY Shape { geometry Box { size 0.1 0.1 0.1 } }
    Hinge2Joint {
      jointParameters HingeJointParameters { axis 1 0 0 anchor 0.07 0 0 dampingConstant 0.0003 }
      jointParameters2 JointParameters { axis 0 0 1 dampingConstant 0.0003 }
      device [ RotationalMotor { name "wheel1" acceleration 10 maxVelocity 100 } ]
      device2 [ RotationalMotor { name "wheel2" acceleration 10 maxVelocity 100 } ]
      endPoint Solid {
        translation 0.2 0 0
        children [ DEF WHEEL Shape { geometry Box { size 0.05 0.05 0.05 } } ]
        boundingObject USE WHEEL
      }
    }
  ]
  boundingObject USE BODY
}
Robot { name "supervisor" supervisor TRUE controller "reset_spinning_wheels" }
"#;

#[test]
fn webots_reset_physics_hinge_joint_test_stops_the_wheels_motors_were_slowing_down() {
    let p = Project::new();
    p.controller("wheel_spinner", "wheel_spinner");
    p.controller("reset_spinning_wheels", "reset_spinning_wheels");
    p.proto("SpinningWheel", SPINNING_WHEEL);
    p.proto("NestedSpinningWheel", NESTED_SPINNING_WHEEL);
    p.world("wheels.wbt", WORLD);
    let out = p.run("wheels.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("reset physics hinge test passed");
}

#[test]
fn a_kinematic_hinge2_joint_s_motors_turn_its_end_point_about_both_axes() {
    // no Physics anywhere: the motors place the endPoint. Axis 1 along x, axis 2 along z (turning with
    // axis 1), anchor (0.1, 0, 0); the endPoint starts at (0.3, 0, 0.05), unrotated. At positions q1, q2 its
    // rotation is R(x, q1) R(z, q2) and its translation the anchor plus that rotation of (0.2, 0, 0.05).
    use nalgebra::{UnitQuaternion, Vector3};
    let (q1, q2) = (0.7, -0.4);
    let p = Project::new();
    p.controller("hinge2_kinematic_pose", "hinge2_kinematic_pose");
    p.world(
        "hinge2.wbt",
        &format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
             Robot {{ supervisor TRUE controller \"hinge2_kinematic_pose\" controllerArgs [ \"{q1}\" \"{q2}\" ] children [\n\
               Hinge2Joint {{\n\
                 jointParameters HingeJointParameters {{ axis 1 0 0 anchor 0.1 0 0 }}\n\
                 jointParameters2 JointParameters {{ axis 0 0 1 }}\n\
                 device [ RotationalMotor {{ name \"axis1\" maxVelocity 10 }} PositionSensor {{ name \"sensor1\" }} ]\n\
                 device2 [ RotationalMotor {{ name \"axis2\" maxVelocity 10 }} PositionSensor {{ name \"sensor2\" }} ]\n\
                 endPoint DEF END Solid {{ translation 0.3 0 0.05 children [ Shape {{ geometry Box {{ size 0.05 0.05 0.05 }} }} ] }}\n\
               }}\n\
             ] }}\n"
        ),
    );
    let out = p.run("hinge2.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("robot");
    assert_eq!(lines[0], format!("positions {q1:.6} {q2:.6}"), "{}", out.stderr);
    let r = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), q1)
        * UnitQuaternion::from_axis_angle(&Vector3::z_axis(), q2);
    let anchor = Vector3::new(0.1, 0.0, 0.0);
    let t = anchor + r * (Vector3::new(0.3, 0.0, 0.05) - anchor);
    let axis = r.axis().expect("a turn");
    let numbers: Vec<f64> = lines[1].split(' ').filter_map(|w| w.parse().ok()).collect();
    assert_eq!(numbers.len(), 7, "{}", lines[1]);
    for (got, want) in numbers.iter().zip([t.x, t.y, t.z, axis.x, axis.y, axis.z, r.angle()]) {
        assert!((got - want).abs() < 2e-6, "{}: expected {t:?} and {axis:?} {}", lines[1], r.angle());
    }
}
