//! Webots' `tests/api` world `accelerometer` as Webots builds it: a robot without physics (its base fixed)
//! spins a motor's endPoint about the vertical axis at π rad/s; eight accelerometers ride it, four on the
//! endPoint (its centre and 0.1 m along each axis) and four on a child Solid 0.1 m out and 0.05 m up.
//! Each reads g upward plus the centripetal pull ω²·r toward the axis, in its own (turning) frame; an
//! acceleration taken from the velocity's change over one 32 ms step also leans half that step's turn
//! (ωΔt/2 = 0.05 rad) forward along the motion, as Webots' expected values do (−0.1 and −0.2 along z).

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2023b utf8
WorldInfo { coordinateSystem "NUE" }
Robot {
  controller "accelerometers_spinning"
  boundingObject Pose { translation 0 0.02 0 children [ Box { size 0.2 0.04 0.2 } ] }
  children [
    HingeJoint {
      jointParameters HingeJointParameters { axis 0 1 0 }
      device [ RotationalMotor { name "motor" } ]
      endPoint Solid {
        children [
          Accelerometer { name "center" lookupTable [ -1000 -1000 0, 1000 1000 0 ] }
          Accelerometer { translation 0.1 0 0 name "tX" }
          Accelerometer { translation 0 0.1 0 name "tY" }
          Accelerometer { translation 0 0 0.1 name "tZ" }
          Solid {
            translation 0.1 0.05 0
            children [
              Accelerometer { name "center offset" }
              Accelerometer { translation 0.1 0 0 name "tX offset" }
              Accelerometer { translation 0 0.1 0 name "tY offset" }
              Accelerometer { translation 0 0 0.1 name "tZ offset" }
            ]
            boundingObject Pose { rotation 1 0 0 -1.57 children [ Cylinder { height 0.01 radius 0.1 } ] }
            physics Physics { }
          }
        ]
        boundingObject Pose { translation 0 0.063 0 rotation 1 0 0 -1.57 children [ Cylinder { height 0.005 radius 0.04 } ] }
        physics Physics { }
      }
    }
  ]
}
"#;

#[test]
fn accelerometers_on_a_spinning_disc_read_g_up_and_the_centripetal_pull_toward_the_axis() {
    let p = Project::new();
    p.world("accelerometer.wbt", WORLD);
    p.controller("accelerometers_spinning", "accelerometers_spinning");
    let out = p.run("accelerometer.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_no_messages();
    let omega2 = std::f64::consts::PI * std::f64::consts::PI;
    // each sensor's position in the endPoint's frame (x, z off the y axis it turns about)
    let layout = [
        ("center", 0.0, 0.0),
        ("tX", 0.1, 0.0),
        ("tY", 0.0, 0.0),
        ("tZ", 0.0, 0.1),
        ("center offset", 0.1, 0.0),
        ("tX offset", 0.2, 0.0),
        ("tY offset", 0.1, 0.0),
        ("tZ offset", 0.1, 0.1),
    ];
    let lines = out.robot_lines("robot");
    assert_eq!(lines.len(), layout.len(), "{}\n{}", out.stdout, out.stderr);
    for ((name, x, z), line) in layout.iter().zip(&lines) {
        let values: Vec<f64> = line
            .strip_prefix(&format!("{name}: "))
            .unwrap_or_else(|| panic!("{line}"))
            .split(' ')
            .map(|w| w.parse().unwrap())
            .collect();
        // 9.81 up (NUE: y), −ω²·r along the radius, ω²·r·sin(ωΔt/2) along the motion (ω ŷ × r = (z, 0, −x));
        // Webots allows 0.1 on each axis
        let lean = (std::f64::consts::PI * 0.032 / 2.0).sin();
        let want = [-omega2 * x + omega2 * lean * z, 9.81, -omega2 * z - omega2 * lean * x];
        for (got, want) in values.iter().zip(want) {
            assert!((got - want).abs() < 0.1, "{name}: {values:?}, expected {want:?}");
        }
    }
}
