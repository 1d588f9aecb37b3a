//! Webots' `tests/api` world `supervisor_reset_physics` with contacts: balls rolling on a floor (rolling,
//! not gliding: friction turned their push into spin) stop where they are when their physics is reset,
//! one ball alone first (the others roll on together), then all of them. Webots' balls roll down a ramp
//! onto the floor; here a supervisor pushes them.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 8 }
Solid { name "floor" boundingObject Plane { size 100 100 } }
DEF BALL1 Solid { name "ball 1" translation -0.9 0 0.1 boundingObject DEF BALL Sphere { radius 0.1 } physics Physics { density -1 mass 0.5 } }
DEF BALL2 Solid { name "ball 2" translation 0 0 0.1 boundingObject USE BALL physics Physics { density -1 mass 0.5 } }
DEF BALL3 Solid { name "ball 3" translation 0.9 0 0.1 boundingObject USE BALL physics Physics { density -1 mass 0.5 } }
Robot { name "resetter" supervisor TRUE controller "reset_rolling" }
"#;

fn moves(line: &str, prefix: &str) -> Vec<f64> {
    line.strip_prefix(prefix).unwrap_or_else(|| panic!("{line}")).split(' ').map(|w| w.parse().unwrap()).collect()
}

#[test]
fn a_rolling_ball_whose_physics_is_reset_stops_and_the_others_roll_on_until_all_are_reset() {
    let p = Project::new();
    p.world("rolling.wbt", WORLD);
    p.controller("reset_rolling", "reset_rolling");
    let out = p.run("rolling.wbt", &["--until", "2.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("resetter");
    assert_eq!(lines.len(), 2, "{}\n{}", out.stdout, out.stderr);
    // Webots' tolerance: 2 mm for a stopped ball
    let first = moves(&lines[0], "32 steps after BALL1's reset: ");
    assert!(first[0].abs() <= 0.002, "BALL1 went on: {first:?}");
    // a sphere pushed to 1 m/s on a floor with friction rolls on at 5/7 m/s (its spin I ω = m r Δv with
    // I = 2/5 m r², ω r = v): 32 steps of 32 ms take it 0.731 m
    let rolled = 5.0 / 7.0 * 32.0 * 0.032;
    for d in &first[1..] {
        assert!((d - rolled).abs() < 0.02 * rolled, "BALL2 or BALL3 rolled {d} m, not {rolled}: {first:?}");
    }
    let second = moves(&lines[1], "2 steps after the reset of all: ");
    assert!(second.iter().all(|d| d.abs() <= 0.002), "a ball went on: {second:?}");
}
