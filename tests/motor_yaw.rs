//! Webots' motor scenario (tests/api/worlds/motor.wbt, in our ENU frame) with inertial units: a 20 kg
//! robot standing on a floor turns a 1 kg arm about its vertical hinge; the arm's inertial unit reads the
//! hinge's position as its yaw, since the floor holds the base.

mod common;

use common::Project;

fn world(floor: bool) -> String {
    let floor = if floor { "Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n" } else { "" };
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
{floor}Robot {{
  translation 0 0 0.025
  controller "motor_yaw"
  children [
    InertialUnit {{ name "base imu" }}
    HingeJoint {{
      jointParameters HingeJointParameters {{ axis 0 0 1 }}
      device [
        RotationalMotor {{ acceleration 5 maxVelocity 20 minPosition -1.63 maxPosition 1.51 maxTorque 100 }}
        PositionSensor {{ }}
      ]
      endPoint Solid {{
        children [ InertialUnit {{ name "arm imu" }} ]
        boundingObject Group {{ children [
          Pose {{ translation 0 0 0.05 children [ Cylinder {{ height 0.05 radius 0.02 }} ] }}
          Pose {{ translation 0 0.1 0.05 rotation 1 0 0 1.5707963267948966 children [ Cylinder {{ height 0.3 radius 0.005 }} ] }}
        ] }}
        physics Physics {{ density -1 mass 1 }}
      }}
    }}
  ]
  boundingObject Cylinder {{ height 0.05 radius 0.05 }}
  physics Physics {{ density -1 mass 20 }}
}}
"#
    )
}

/// Per step: the position sensor's value and the yaws of the arm's and the base's inertial units.
fn trace(floor: bool) -> Vec<[f64; 3]> {
    let p = Project::new();
    p.controller("motor_yaw", "motor_yaw");
    p.world("m.wbt", &world(floor));
    let out = p.run("m.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.stdout
        .lines()
        .filter_map(|l| l.split("position ").nth(1))
        .map(|l| {
            let v: Vec<f64> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            [v[0], v[1], v[2]]
        })
        .collect()
}

#[test]
fn on_a_floor_the_arm_s_inertial_unit_reads_the_hinge_position_as_its_yaw() {
    let steps = trace(true);
    assert_eq!(steps.len(), 21);
    // Webots' control law while the acceleration limit binds (the PID asks for more): the rate grows by
    // a·dt each step, so after n steps the position is a·dt²·n(n+1)/2; Webots' reference is 1.18212
    let (a, dt) = (5.0, 0.032);
    for (k, [position, arm, base]) in steps.iter().enumerate() {
        let n = (k + 1) as f64;
        let law = a * dt * dt * n * (n + 1.0) / 2.0;
        assert!((position - law).abs() < 2e-3, "step {n}: position {position}, the law {law}");
        // the floor's friction holds the base: it takes the motor's reaction without turning
        assert!(base.abs() < 1e-3, "step {n}: the base turned by {base}");
        // a vertical hinge on a level base: the arm's yaw is the base's plus the hinge's angle
        assert!((arm - (base + position)).abs() < 1e-4, "step {n}: arm yaw {arm}, base {base} + hinge {position}");
    }
    let [position, arm, _] = steps[20];
    assert!((position - 1.18212).abs() < 2e-3, "position {position}, Webots' reference 1.18212");
    assert!((arm - 1.18212).abs() < 2e-3, "arm yaw {arm}, Webots' reference 1.18212");
}

#[test]
fn floating_free_the_base_turns_back_as_the_arm_turns() {
    // no floor: nothing takes the motor's reaction but the base, which turns the other way while the
    // hinge still follows the law (angular momentum, zero at the start, stays zero)
    let steps = trace(false);
    let [position, arm, base] = steps[20];
    assert!((position - 1.18272).abs() < 1e-3, "position {position}");
    assert!(base < -0.1, "the base turned back by {base} only");
    assert!(arm > 0.0 && arm < position + base + 0.01, "arm yaw {arm}, base {base}, hinge {position}");
}
