//! Webots' `supervisor_inertia` world rebuilt: a translation written by a supervisor moves a falling ball
//! without resetting its physics, so it keeps its speed and hits the bumper below its new place when
//! mechanics says (from rest it would take about six times as long).

mod common;

use common::Project;

/// Webots' layout: NUE, 8 ms steps, a 0.1 m ball 6 m up, two 1 m bumper boxes of a robot without
/// physics, the second 2 m over in x and z.
const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 8 coordinateSystem "NUE" }
DEF BALL Solid {
  translation 0 6 0
  children [ DEF BALL_SHAPE Shape { geometry Sphere { radius 0.1 } } ]
  boundingObject USE BALL_SHAPE
  physics Physics { }
}
Robot {
  name "mover"
  children [
    TouchSensor {
      name "red_collider"
      children [ DEF CUBE Shape { geometry Box { size 1 1 1 } } ]
      boundingObject USE CUBE
    }
    TouchSensor { translation 2 0 2 name "green_collider" children [ USE CUBE ] boundingObject USE CUBE }
  ]
  controller "moved_ball_keeps_falling"
  supervisor TRUE
}
"#;

const G: f64 = 9.81;

#[test]
fn a_ball_moved_by_its_translation_keeps_falling_at_its_speed_onto_the_bumper_below() {
    let p = Project::new();
    p.world("inertia.wbt", WORLD);
    p.controller("moved_ball_keeps_falling", "moved_ball_keeps_falling");
    let out = p.run("inertia.wbt", &["--until", "2.5"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    let moved_at = out.robot_numbers("mover", "moved at ", 0)[0];
    let hit_at = out.robot_numbers("mover", "hit at ", 0)[0];
    assert!((moved_at - 1.0).abs() < 1e-6, "{}", out.stdout);

    // after a second of free fall from 6 m: the ball's bottom 0.495 m above the bumper's top at 9.81 m/s
    let gap = 6.0 - G * moved_at * moved_at / 2.0 - 0.1 - 0.5;
    let speed = G * moved_at;
    let kept_speed = (-speed + (speed * speed + 2.0 * G * gap).sqrt()) / G;
    let from_rest = (2.0 * gap / G).sqrt();
    assert!((0.04..0.06).contains(&kept_speed) && from_rest > 0.3);
    // Webots' test wants the hit before 1.1 s; one step or two of contact detection either way
    assert!(hit_at < 1.1, "hit at {hit_at}");
    assert!(
        (hit_at - (moved_at + kept_speed)).abs() < 0.02,
        "hit at {hit_at}, mechanics says {}",
        moved_at + kept_speed
    );
    out.assert_no_messages();
}
