//! Webots' `tests/api` world `supervisor_reset_physics` with contacts: balls rolling on a floor (rolling,
//! not gliding: friction turned their push into spin) stop where they are when their physics is reset,
//! one ball alone first (the others roll on together), then all of them: pushed by a supervisor, and down
//! Webots' own ramp onto the floor.

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

/// Webots' world itself, turned from NUE to ENU (a quarter turn about x: NUE (x, y, z) is ENU (x, -z, y)):
/// the 3 m × 0.3 m × 0.1 m ramp tilted 0.1309 rad about x, centred at (0, 0.07, -0.04), its lower end
/// under the floor, the three 0.1 m balls (0.5 kg) 3 mm above it, Webots' default 32 ms basic step.
const RAMP_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { }
Solid { name "floor" boundingObject Plane { size 3 3 } }
Solid {
  name "ramp"
  translation 0 0.07 -0.04
  children [ DEF RAMP Pose { rotation 1 0 0 0.1309 children [ Shape { geometry Box { size 3 0.3 0.1 } } ] } ]
  boundingObject USE RAMP
}
DEF BALL1 Solid { name "ball" translation -0.9 0 0.105163 boundingObject DEF BALL Sphere { radius 0.1 } physics Physics { density -1 mass 0.5 } }
DEF BALL2 Solid { name "ball(1)" translation 0 0 0.105163 boundingObject USE BALL physics Physics { density -1 mass 0.5 } }
DEF BALL3 Solid { name "ball(2)" translation 0.9 0 0.105163 boundingObject USE BALL physics Physics { density -1 mass 0.5 } }
Robot { name "resetter" supervisor TRUE controller "reset_physics_ramp" }
"#;

#[test]
fn webots_balls_roll_down_its_ramp_onto_the_floor_and_stop_when_their_physics_is_reset() {
    // The balls touch the ramp about 23 mm up its slope from where it meets the floor; a sphere rolls
    // down a 0.1309 rad slope at 5/7 g sin 0.1309 = 0.91 m/s², so it is off the ramp within about 0.25 s
    // and rolls on the floor at constant height: Webots' test asks for that within 55 steps of 32 ms
    let p = Project::new();
    p.world("ramp.wbt", RAMP_WORLD);
    p.controller("reset_physics_ramp", "reset_physics_ramp");
    let out = p.run("ramp.wbt", &["--until", "4"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("resetter");
    let steps: u32 = lines[0].split(' ').nth(5).and_then(|w| w.parse().ok()).expect(&lines[0]);
    assert!(steps < 55, "{}", lines[0]);
    // on the floor: the ball's radius above it (the engines' contacts let it sink a little, under 1 mm)
    let height: f64 = lines[0].rsplit(' ').next().and_then(|w| w.parse().ok()).expect(&lines[0]);
    assert!((height - 0.1).abs() < 1e-3, "{}", lines[0]);
    assert_eq!(lines.len(), 3, "{}\n{}", out.stdout, out.stderr);
    // BALL2 rolls on the floor at no more than what its 5.163 mm descent gives a rolling sphere
    // (m g h = 7/10 m v²: 0.269 m/s), so it goes under 0.275 m in the 32 steps (1.024 s) after BALL1's reset
    let gap: f64 = lines[1].split(' ').nth(10).and_then(|w| w.parse().ok()).expect(&lines[1]);
    let most = (10.0 / 7.0 * 9.81 * 0.005163f64).sqrt() * 1.024;
    assert!(gap.abs() > 0.002 && gap.abs() < most, "{}", lines[1]);
}
